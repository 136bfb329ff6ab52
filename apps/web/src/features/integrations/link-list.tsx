import { classChoiceName } from '@/lib/class-groups';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Hash, Link2Off, UserPlus, X } from 'lucide-react';
import {
  slackAddUserSchema,
  type SlackAddUserInput,
  type SlackAuthorizedUser,
  type SlackIntegration,
  type SlackWorkspace,
} from '@app/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toApiError } from '@/lib/api-client';
import { useAddAuthorizedUser } from './api/add-authorized-user';
import { useRemoveAuthorizedUser } from './api/remove-authorized-user';
import { useUnlinkIntegration } from './api/unlink-integration';
import { INTEGRATION_TEXT } from './messages';

export const channelLabel = (link: SlackIntegration) =>
  `#${link.slack_channel_name ?? link.slack_channel_id}`;

export const userName = (user: SlackAuthorizedUser) =>
  user.teachers ? `${user.teachers.first_name} ${user.teachers.last_name}`.trim() : user.email;

/** Focus after a dialog: back to its trigger if still there, else to `fallback`. */
function restoreFocus(event: Event, trigger: HTMLElement | null, fallback: HTMLElement | null) {
  event.preventDefault();
  const target = trigger?.isConnected ? trigger : fallback;
  target?.focus();
}

/** SPEC §2: the active class-channel links, each with Unlink and its authorized users. */
export function LinkList({
  links,
  workspaces,
}: {
  links: SlackIntegration[];
  workspaces: SlackWorkspace[];
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const active = links.filter((link) => link.is_active);
  const teamName = (teamId: string) =>
    workspaces.find((w) => w.slack_team_id === teamId)?.team_name ?? teamId;
  return (
    <section aria-labelledby="links-heading" className="space-y-3">
      <h2
        id="links-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-ink-900 focus:outline-none"
      >
        Active class-channel links
      </h2>
      {active.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink-300 bg-white px-6 py-8 text-center text-sm text-ink-600">
          No class is linked to a channel yet. Use the form above, or type /link-class in a channel.
        </p>
      ) : (
        <ul className="space-y-3">
          {active.map((link) => (
            <LinkCard
              key={link.id}
              link={link}
              workspaceName={teamName(link.slack_team_id)}
              fallbackFocus={headingRef}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function LinkCard({
  link,
  workspaceName,
  fallbackFocus,
}: {
  link: SlackIntegration;
  workspaceName: string;
  fallbackFocus: React.RefObject<HTMLHeadingElement | null>;
}) {
  const [confirming, setConfirming] = useState(false);
  const unlinkRef = useRef<HTMLButtonElement>(null);
  const unlink = useUnlinkIntegration();
  const channel = channelLabel(link);
  return (
    <li className="rounded-xl border border-ink-200 bg-white shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-3 p-4 sm:p-5">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink-900">{classChoiceName(link.classes)}</h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-ink-600">
            <span className="inline-flex items-center gap-1 font-medium text-ink-800">
              <Hash className="size-3.5" aria-hidden="true" />
              {channel.slice(1)}
            </span>
            <span aria-hidden="true">·</span>
            <span>{workspaceName}</span>
          </p>
        </div>
        <Button
          ref={unlinkRef}
          variant="outline"
          size="sm"
          className="text-danger-700"
          aria-label={`Unlink ${link.classes.class_name} from ${channel}`}
          onClick={() => {
            unlink.reset();
            setConfirming(true);
          }}
        >
          <Link2Off aria-hidden="true" />
          Unlink
        </Button>
      </div>
      <AuthorizedUsers link={link} />
      <Dialog
        open={confirming}
        onOpenChange={(open) => (unlink.isPending ? null : setConfirming(open))}
      >
        <DialogContent
          onCloseAutoFocus={(event) =>
            restoreFocus(event, unlinkRef.current, fallbackFocus.current)
          }
        >
          <DialogHeader>
            <DialogTitle>
              Unlink {link.classes.class_name} from {channel}?
            </DialogTitle>
            <DialogDescription>{INTEGRATION_TEXT.unlinkQuestion}</DialogDescription>
          </DialogHeader>
          {unlink.error ? (
            <Alert variant="danger" title={INTEGRATION_TEXT.unlink}>
              {toApiError(unlink.error).message}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button
              variant="ghost"
              disabled={unlink.isPending}
              onClick={() => setConfirming(false)}
            >
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={unlink.isPending}
              onClick={() => unlink.mutate(link.id, { onSuccess: () => setConfirming(false) })}
            >
              {unlink.isPending ? 'Unlinking...' : 'Unlink'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  );
}

function AuthorizedUsers({ link }: { link: SlackIntegration }) {
  const add = useAddAuthorizedUser(link.id);
  const remove = useRemoveAuthorizedUser(link.id);
  const [removing, setRemoving] = useState<SlackAuthorizedUser | null>(null);
  const triggerRef = useRef<HTMLElement | null>(null);
  const emailRef = useRef<HTMLInputElement | null>(null);
  const form = useForm<SlackAddUserInput>({
    resolver: zodResolver(slackAddUserSchema),
    defaultValues: { email: '' },
  });
  const emailId = `add-user-${link.id}`;
  const emailError = form.formState.errors.email?.message;
  const { ref: registerRef, ...emailField } = form.register('email');

  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      form.reset({ email: '' });
    } catch {
      // shown from add.error
    }
  });

  return (
    <div className="border-t border-ink-100 px-4 py-4 sm:px-5">
      <h4 className="text-sm font-semibold text-ink-900">Authorized users</h4>
      <p className="text-xs text-ink-600">
        They can add material to this class from {channelLabel(link)}.
      </p>
      {link.slack_authorized_users.length === 0 ? (
        <p className="mt-3 text-sm text-ink-600">Only you, so far.</p>
      ) : (
        <ul
          className="mt-3 divide-y divide-ink-100"
          aria-label={`Authorized users of ${link.classes.class_name}`}
        >
          {link.slack_authorized_users.map((user) => (
            <li key={user.id} className="flex items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-ink-900">{userName(user)}</p>
                <p className="truncate text-xs text-ink-600">
                  {user.teachers ? user.teachers.email : 'No account yet'}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${userName(user)}`}
                onClick={(event) => {
                  triggerRef.current = event.currentTarget;
                  remove.reset();
                  setRemoving(user);
                }}
              >
                <X aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="mt-3 space-y-1.5">
        <Label htmlFor={emailId}>Add a user by e-mail</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={emailId}
            type="email"
            autoComplete="off"
            placeholder="colleague@school.edu"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${emailId}-error` : undefined}
            ref={(element) => {
              registerRef(element);
              emailRef.current = element;
            }}
            {...emailField}
          />
          <Button type="submit" variant="secondary" loading={add.isPending}>
            {add.isPending ? null : <UserPlus aria-hidden="true" />}
            Add User
          </Button>
        </div>
        {emailError ? (
          <p id={`${emailId}-error`} className="text-xs font-medium text-danger-700">
            {emailError}
          </p>
        ) : null}
        {add.error ? (
          <Alert variant="danger" title={INTEGRATION_TEXT.authorize}>
            {toApiError(add.error).message}
          </Alert>
        ) : null}
      </form>
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => (open || remove.isPending ? null : setRemoving(null))}
      >
        <DialogContent
          onCloseAutoFocus={(event) => restoreFocus(event, triggerRef.current, emailRef.current)}
        >
          <DialogHeader>
            <DialogTitle>Remove user</DialogTitle>
            <DialogDescription>
              {removing ? INTEGRATION_TEXT.removeUser(userName(removing)) : null}
            </DialogDescription>
          </DialogHeader>
          {remove.error ? (
            <Alert variant="danger" title={INTEGRATION_TEXT.remove}>
              {toApiError(remove.error).message}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button variant="ghost" disabled={remove.isPending} onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })
              }
            >
              Remove
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
