import { useState, type ReactNode } from 'react';
import { MailCheck, ShieldCheck } from 'lucide-react';
import type { NotMeResult } from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorText } from '@/lib/api-client';
import { authApi } from '@/lib/auth-api';
import { useAuth } from '@/lib/auth';

/**
 * The views of the links e-mailed when an account changes. Opening the link only
 * opens the view; the teacher acts with its button, so a mail scanner that follows links changes
 * nothing.
 */

function Done({
  icon: Icon,
  title,
  children,
  action,
  onAction,
}: {
  icon: typeof MailCheck;
  title: string;
  children: ReactNode;
  action: string;
  onAction(): void;
}) {
  return (
    <div className="flex flex-col items-center text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-success-50 text-success-600">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription className="mt-2">{children}</DialogDescription>
      <Button className="mt-6 w-full" size="lg" onClick={onAction}>
        {action}
      </Button>
    </div>
  );
}

/** The link sent to a new e-mail address: confirming it makes it the account's address. */
export function ConfirmEmailView({
  token,
  onSignIn,
}: {
  token: string | undefined;
  onSignIn(): void;
}) {
  const { user, refreshUser } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    setBusy(true);
    try {
      const { email } = await authApi.confirmEmail(token ?? '');
      setConfirmed(email);
      // signed in here: the stored user shows the new address
      if (user) void refreshUser();
    } catch (err) {
      setError(errorText(err, 'E-mail confirmation failed'));
    } finally {
      setBusy(false);
    }
  };

  if (confirmed)
    return (
      <Done
        icon={MailCheck}
        title="E-mail address changed"
        action={user ? 'Go to My Account' : 'Sign in'}
        onAction={user ? () => window.location.assign('/account') : onSignIn}
      >
        Your account now uses {confirmed}. Sign in with this address from now on.
      </Done>
    );
  return (
    <>
      <DialogHeader>
        <DialogTitle>Confirm your new e-mail address</DialogTitle>
        <DialogDescription>
          Confirm only if you asked to change the e-mail address of your Syllabot account. Until you
          do, the account keeps its current address.
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-4">
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <Button className="w-full" size="lg" loading={busy} onClick={() => void confirm()}>
          Confirm new address
        </Button>
      </div>
    </>
  );
}

/** What "this wasn't me" did, in a sentence per part. */
export function notMeSummary(result: NotMeResult): string {
  return [
    'Your account has been signed out on every device.',
    result.email_change_cancelled ? 'The change of your e-mail address is cancelled.' : '',
    result.email_restored ? `Your e-mail address is ${result.email_restored} again.` : '',
    'Your password no longer works: we e-mailed you a link to choose a new one.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** "This wasn't me", from the alert sent to the address on file after a change. */
export function NotMeView({ token, onSignIn }: { token: string | undefined; onSignIn(): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<NotMeResult | null>(null);

  const secure = async () => {
    setError(null);
    setBusy(true);
    try {
      setResult(await authApi.notMe(token ?? ''));
    } catch (err) {
      setError(errorText(err, 'Securing the account failed'));
    } finally {
      setBusy(false);
    }
  };

  if (result)
    return (
      <Done
        icon={ShieldCheck}
        title="Your account is secured"
        action="Back to sign in"
        onAction={onSignIn}
      >
        {notMeSummary(result)}
      </Done>
    );
  return (
    <>
      <DialogHeader>
        <DialogTitle>Wasn't you? Secure your account</DialogTitle>
        <DialogDescription>
          If you did not change your password or e-mail address, secure your account: it is signed
          out on every device, a pending e-mail change is cancelled, an address that was replaced
          comes back, and we e-mail you a link to choose a new password.
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-4">
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <Button
          variant="danger"
          className="w-full"
          size="lg"
          loading={busy}
          onClick={() => void secure()}
        >
          Secure my account
        </Button>
      </div>
    </>
  );
}
