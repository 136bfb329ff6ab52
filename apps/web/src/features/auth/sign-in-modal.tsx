import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, MailCheck } from 'lucide-react';
import { RESET_PASSWORD_REPLY } from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/api-client';
import { authApi } from '@/lib/auth-api';
import { useAuth } from '@/lib/auth';
import type { SignInView } from '@/lib/auth-modals';
import { ConfirmEmailView, NotMeView } from './account-link-views';
import { PASSWORD_HINT, forgotPasswordSchema, setNewPasswordSchema, signInSchema } from './schemas';
import type { ForgotPasswordValues, SetNewPasswordValues, SignInValues } from './schemas';

export interface SignInModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  initialView?: SignInView;
  /** Token from the e-mailed reset link; used by the "Set a new password" view. */
  resetToken?: string;
  /** Token of an e-mailed account link: the confirm-email and not-me views. */
  linkToken?: string;
  onSwitchToSignUp(): void;
  /** Where a successful sign-in goes (a full page load, SPEC §4). */
  onSignedIn?: () => void;
}

type Notice = { kind: 'email-sent'; message: string } | { kind: 'password-updated' };

const hardRedirectToDashboard = () => window.location.assign('/dashboard');

/**
 * Sign-in modal: views signin, forgot-password, reset-success, set-new-password from a reset
 * link, and confirm-email and not-me from the links e-mailed when an account changes.
 */
export function SignInModal({
  open,
  onOpenChange,
  initialView = 'signin',
  resetToken,
  linkToken,
  onSwitchToSignUp,
  onSignedIn = hardRedirectToDashboard,
}: SignInModalProps) {
  const [view, setView] = useState<SignInView>(initialView);
  const [notice, setNotice] = useState<Notice>({ kind: 'password-updated' });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        {view === 'signin' ? (
          <SignInForm
            onForgot={() => setView('forgot-password')}
            onSwitchToSignUp={onSwitchToSignUp}
            onSignedIn={onSignedIn}
          />
        ) : null}
        {view === 'forgot-password' ? (
          <ForgotPasswordForm
            onBack={() => setView('signin')}
            onSent={(message) => {
              setNotice({ kind: 'email-sent', message });
              setView('reset-success');
            }}
          />
        ) : null}
        {view === 'set-new-password' ? (
          <SetNewPasswordForm
            resetToken={resetToken}
            onDone={() => {
              setNotice({ kind: 'password-updated' });
              setView('reset-success');
            }}
            onRequestNewLink={() => setView('forgot-password')}
          />
        ) : null}
        {view === 'confirm-email' ? (
          <ConfirmEmailView token={linkToken} onSignIn={() => setView('signin')} />
        ) : null}
        {view === 'not-me' ? (
          <NotMeView token={linkToken} onSignIn={() => setView('signin')} />
        ) : null}
        {view === 'reset-success' ? (
          <ResetSuccess notice={notice} onSignIn={() => setView('signin')} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function SignInForm({
  onForgot,
  onSwitchToSignUp,
  onSignedIn,
}: {
  onForgot(): void;
  onSwitchToSignUp(): void;
  onSignedIn(): void;
}) {
  const { login } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await login(values.email, values.password);
      setRedirecting(true);
      onSignedIn();
    } catch (err) {
      setError(errorText(err, 'Login failed'));
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Sign in</DialogTitle>
        <DialogDescription>
          Welcome back. Sign in to manage your classes and student conversations.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" autoFocus {...form.register('email')} />
        </Field>
        <Field
          label="Password"
          error={errors.password?.message}
          labelAside={
            <button
              type="button"
              onClick={onForgot}
              className="rounded text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
            >
              Forgot password?
            </button>
          }
        >
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <Button type="submit" className="w-full" size="lg" loading={isSubmitting || redirecting}>
          Sign in
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-600">
        New to Syllabot?{' '}
        <button
          type="button"
          onClick={onSwitchToSignUp}
          className="rounded font-semibold text-brand-700 hover:underline"
        >
          Create an account
        </button>
      </p>
    </>
  );
}

function ForgotPasswordForm({ onBack, onSent }: { onBack(): void; onSent(message: string): void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const message = await authApi.resetPassword(values.email);
      onSent(message ?? RESET_PASSWORD_REPLY);
    } catch (err) {
      setError(errorText(err, 'Password reset failed'));
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Reset your password</DialogTitle>
        <DialogDescription>
          Enter the e-mail address you signed up with and we will send you a link to set a new
          password.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {error ? <Alert variant="danger">{error}</Alert> : null}
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" autoFocus {...form.register('email')} />
        </Field>
        <Button type="submit" className="w-full" size="lg" loading={isSubmitting}>
          Send reset link
        </Button>
        <Button variant="ghost" className="w-full" onClick={onBack}>
          Back to sign in
        </Button>
      </form>
    </>
  );
}

function SetNewPasswordForm({
  resetToken,
  onDone,
  onRequestNewLink,
}: {
  resetToken: string | undefined;
  onDone(): void;
  onRequestNewLink(): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SetNewPasswordValues>({
    resolver: zodResolver(setNewPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await authApi.updatePassword(values.password, resetToken ?? '');
      onDone();
    } catch (err) {
      setError(errorText(err, 'Password update failed'));
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Set a new password</DialogTitle>
        <DialogDescription>
          Choose a new password for your account. The reset link can be used once.
        </DialogDescription>
      </DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {error ? (
          <Alert variant="danger">
            <p>{error}</p>
            <button
              type="button"
              onClick={onRequestNewLink}
              className="mt-1 font-semibold underline"
            >
              Request a new link
            </button>
          </Alert>
        ) : null}
        <Field label="New password" hint={PASSWORD_HINT} error={errors.password?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            autoFocus
            {...form.register('password')}
          />
        </Field>
        <Field label="Confirm new password" error={errors.confirm?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirm')} />
        </Field>
        <Button type="submit" className="w-full" size="lg" loading={isSubmitting}>
          Update password
        </Button>
      </form>
    </>
  );
}

function ResetSuccess({ notice, onSignIn }: { notice: Notice; onSignIn(): void }) {
  const emailSent = notice.kind === 'email-sent';
  const Icon = emailSent ? MailCheck : CheckCircle2;
  return (
    <div className="flex flex-col items-center text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-success-50 text-success-600">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <DialogTitle>{emailSent ? 'Check your email' : 'Password updated'}</DialogTitle>
      <DialogDescription className="mt-2">
        {emailSent
          ? notice.message
          : 'Your password has been changed. Sign in with your new password.'}
      </DialogDescription>
      <Button className="mt-6 w-full" size="lg" onClick={onSignIn}>
        {emailSent ? 'Back to sign in' : 'Sign in'}
      </Button>
    </div>
  );
}
