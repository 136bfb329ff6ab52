import type { Email } from '../mail/mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function passwordResetEmail(input: { to: string; firstName: string; link: string }): Email {
  const text = [
    `Hi ${input.firstName},`,
    '',
    'Someone asked to reset the password of your Syllabot account. To choose a new password, open this link:',
    '',
    input.link,
    '',
    'The link works once and expires in one hour. If you did not ask for this, you can ignore this e-mail; your password stays the same.',
    '',
    '— Syllabot',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(input.firstName)},</p>
<p>Someone asked to reset the password of your Syllabot account. To choose a new password, open this link:</p>
<p><a href="${escapeHtml(input.link)}">Set a new password</a></p>
<p>The link works once and expires in one hour. If you did not ask for this, you can ignore this e-mail; your password stays the same.</p>
<p>— Syllabot</p>`;
  return {
    to: input.to,
    subject: 'Reset your Syllabot password',
    text,
    html,
    secrets: [input.link],
  };
}
