import type { Email } from '../mail/mailer.ts';

type ContactEmailInput = {
  to: string;
  teacherFirstName: string;
  /** the class as the teacher chooses it among theirs, its term included (classChoiceName) */
  classLabel: string;
  studentEmail: string;
  reason: string;
  question: string;
  answer: string;
  link: string;
};

/** Headers are one line: a class name with a line break must not add headers. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Plain text only: the student's words go into the e-mail as they are, never into HTML.
 * The student's address is in the body so the teacher can write back to them.
 */
export function contactRequestEmail(input: ContactEmailInput): Email {
  const classLabel = oneLine(input.classLabel);
  const text = [
    `Hi ${input.teacherFirstName},`,
    '',
    `A student in ${classLabel} asked to be contacted about a question they asked the class assistant.`,
    '',
    `Student e-mail: ${input.studentEmail}`,
    '(write to this address to reply)',
    '',
    'Their reason:',
    input.reason,
    '',
    'Their question:',
    input.question,
    '',
    "The assistant's answer:",
    input.answer,
    '',
    "This class's contact requests:",
    input.link,
    '',
    '— Syllabot',
  ].join('\n');
  return {
    to: input.to,
    subject: `Contact request from a student in ${classLabel}`,
    text,
    replyTo: input.studentEmail,
  };
}

type ReplyEmailInput = {
  to: string;
  teacherEmail: string;
  teacherName: string;
  /** the class, its term included (classChoiceName) */
  classLabel: string;
  question: string;
  reply: string;
};

/** The teacher's reply to a student's contact request; the student's Reply goes to the teacher. */
export function contactReplyEmail(input: ReplyEmailInput): Email {
  const classLabel = oneLine(input.classLabel);
  const teacher = oneLine(input.teacherName);
  const text = [
    'Hello,',
    '',
    `${teacher} replied to your contact request in ${classLabel}.`,
    '',
    input.reply,
    '',
    'You asked the class assistant:',
    input.question,
    '',
    `Reply to this e-mail to write to ${teacher}.`,
    '',
    '— Syllabot',
  ].join('\n');
  return {
    to: input.to,
    subject: `${teacher} replied to your question in ${classLabel}`,
    text,
    replyTo: input.teacherEmail,
  };
}
