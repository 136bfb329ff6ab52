import type { AccountAlertKind } from '../../db/schema.ts';
import type { Email } from '../mail/mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** One e-mail: paragraphs, a link (its own paragraph) after `linkAfter` of them, a signature. */
function compose(input: {
  to: string;
  subject: string;
  firstName: string;
  paragraphs: string[];
  linkAfter: number;
  link: string;
  linkText: string;
}): Email {
  const before = input.paragraphs.slice(0, input.linkAfter);
  const after = input.paragraphs.slice(input.linkAfter);
  const text = [
    `Hi ${input.firstName},`,
    '',
    ...before.flatMap((p) => [p, '']),
    input.link,
    '',
    ...after.flatMap((p) => [p, '']),
    '— Syllabot',
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(input.firstName)},</p>`,
    ...before.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.linkText)}</a></p>`,
    ...after.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<p>— Syllabot</p>',
  ].join('\n');
  // the link grants what it does: never logged, and not kept once SMTP delivered it
  return { to: input.to, subject: input.subject, text, html, secrets: [input.link] };
}

/** To the new address: the link that makes it the account's address. */
export function confirmEmailChangeEmail(input: {
  to: string;
  firstName: string;
  link: string;
}): Email {
  return compose({
    to: input.to,
    subject: 'Confirm your new Syllabot e-mail address',
    firstName: input.firstName,
    paragraphs: [
      `Someone asked to use ${input.to} as the e-mail address of a Syllabot account. To confirm it, open this link:`,
      'The link works once and expires in 24 hours. Until it is opened, the account keeps its current address. If you did not ask for this, ignore this e-mail: nothing changes.',
    ],
    linkAfter: 1,
    link: input.link,
    linkText: 'Confirm my new e-mail address',
  });
}

const SUBJECTS: Record<AccountAlertKind, string> = {
  password_changed: 'Your Syllabot password was changed',
  email_change_requested: 'A change of your Syllabot e-mail address was requested',
  email_changed: 'Your Syllabot e-mail address was changed',
};

/**
 * To the address on file (before the change): what changed, and a "this wasn't me" link that
 * ends every session of the account, cancels a pending e-mail change and puts back an address
 * changed without the owner.
 */
export function accountAlertEmail(input: {
  kind: AccountAlertKind;
  to: string;
  firstName: string;
  /** the new address, for an e-mail change */
  newEmail?: string;
  link: string;
}): Email {
  const what = {
    password_changed: 'The password of your Syllabot account was just changed.',
    email_change_requested: `Someone signed in to your Syllabot account asked to change its e-mail address to ${input.newEmail}. The change happens only once a link we sent to that address is opened; until then your account keeps this address.`,
    email_changed: `The e-mail address of your Syllabot account was changed to ${input.newEmail}. Messages about the account now go there.`,
  }[input.kind];
  return compose({
    to: input.to,
    subject: SUBJECTS[input.kind],
    firstName: input.firstName,
    paragraphs: [
      what,
      'If this was you, there is nothing to do.',
      "If this wasn't you, open this link: it signs your account out everywhere, cancels a pending e-mail change, puts this address back if it was replaced, and sends you a link to choose a new password.",
      'The link works once and expires in 7 days.',
    ],
    linkAfter: 3,
    link: input.link,
    linkText: "This wasn't me: secure my account",
  });
}
