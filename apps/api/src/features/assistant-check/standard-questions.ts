/**
 * The questions students ask about every course, in their words: the list a teacher checks
 * (issue 29). Product content, kept here and nowhere else. A key names a question for good
 * (checks and conversations store it): reword a question freely, but never reuse a key for
 * another question.
 */
export const STANDARD_QUESTIONS = [
  { key: 'office_hours', question: 'When are the office hours?' },
  { key: 'contact', question: 'How do I contact the instructor?' },
  { key: 'meeting', question: 'When and where does the class meet?' },
  { key: 'exams', question: 'When are the exams?' },
  { key: 'final', question: 'When is the final exam?' },
  { key: 'grading', question: 'How is my grade calculated?' },
  { key: 'grade_scale', question: 'What grade do I need for an A?' },
  { key: 'late_work', question: 'What happens if I turn in work late?' },
  { key: 'attendance', question: 'Is attendance required?' },
  { key: 'textbook', question: 'What textbook do I need?' },
  { key: 'software', question: 'What software or tools do I need?' },
  { key: 'prerequisites', question: 'What are the prerequisites for this class?' },
  { key: 'ai_use', question: 'Can I use AI tools like ChatGPT?' },
  { key: 'collaboration', question: 'Can I work with other students on assignments?' },
  { key: 'accommodations', question: 'How do I get accommodations for a disability?' },
  { key: 'makeup', question: 'Can I make up a missed exam?' },
  { key: 'extra_credit', question: 'Is there extra credit?' },
  { key: 'submission', question: 'How do I submit my assignments?' },
  { key: 'regrade', question: 'How do I ask for a regrade?' },
  { key: 'drop_deadline', question: 'When is the last day to drop the class?' },
] as const;

export type StandardKey = (typeof STANDARD_QUESTIONS)[number]['key'];

const KEYS = new Set<string>(STANDARD_QUESTIONS.map((q) => q.key));
export const isStandardKey = (id: string): id is StandardKey => KEYS.has(id);

/** A standard question's wording; undefined for a key no longer on the list. */
export const standardQuestionOf = (key: string): string | undefined =>
  STANDARD_QUESTIONS.find((q) => q.key === key)?.question;
