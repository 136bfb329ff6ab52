import { DEFAULT_TEST_QUESTIONS, SUGGESTED_QUESTIONS_MAX } from '@app/contracts';

/**
 * Topics a section heading of the material may name, and the question a student would ask about
 * it. The first topic whose pattern matches a heading wins, so the more specific ones come first
 * ("Instructor office hours" is about office hours, "Late assignments" about the late policy).
 */
const HEADING_TOPICS: readonly { pattern: RegExp; question: string }[] = [
  { pattern: /\boffice hours?\b|\bstudent hours\b/i, question: 'When are the office hours?' },
  {
    pattern: /\bgrad(e|es|ing)\b|\bassessments?\b|\bevaluation\b|\bweights?\b|\bmarking\b/i,
    question: 'How is the final grade calculated?',
  },
  {
    pattern: /\blate\b|\bmake-?ups?\b|\bextensions?\b|\bmissed work\b/i,
    question: 'What is the late work policy?',
  },
  {
    pattern: /\bexam(s|inations?)?\b|\bmidterms?\b|\bfinals\b|\bquiz(zes)?\b|\btests?\b/i,
    question: 'When are the exams?',
  },
  {
    pattern:
      /\bacademic (integrity|honesty|misconduct)\b|\bplagiarism\b|\bhonou?r code\b|\bcheating\b/i,
    question: 'What is the academic integrity policy?',
  },
  {
    pattern: /\battendance\b|\babsences?\b|\bparticipation\b/i,
    question: 'What is the attendance policy?',
  },
  {
    pattern: /\btext ?books?\b|\bbooks?\b|\breadings?\b|\bmaterials\b|\brequired texts?\b/i,
    question: 'Which textbook do I need?',
  },
  {
    pattern: /\bobjectives?\b|\boutcomes?\b|\bgoals?\b/i,
    question: 'What are the learning objectives?',
  },
  {
    pattern:
      /\bschedule\b|\bcalendar\b|\bdue dates?\b|\bdeadlines?\b|\bassignments?\b|\bhomework\b/i,
    question: 'When are the assignments due?',
  },
  {
    pattern: /\bprerequisites?\b|\bprereqs?\b/i,
    question: 'What are the prerequisites for this course?',
  },
  {
    pattern: /\binstructors?\b|\bprofessors?\b|\bteachers?\b|\bcontact\b|\bteaching assistants?\b/i,
    question: 'How can I contact the instructor?',
  },
  {
    pattern: /\baccommodations?\b|\bdisabilit(y|ies)\b|\baccessibility\b/i,
    question: 'How do I request accommodations?',
  },
];

/** When the material names none of the topics above: questions almost any syllabus answers. */
const GENERIC_QUESTIONS: readonly string[] = DEFAULT_TEST_QUESTIONS;

function questionFor(heading: string): string | undefined {
  return HEADING_TOPICS.find((topic) => topic.pattern.test(heading))?.question;
}

/**
 * Suggested questions drawn from the material's section headings, in the order given: the first
 * few distinct topics. A class with material but no recognisable heading gets generic questions;
 * a class with no material gets none (nothing could answer them).
 */
export function questionsFromHeadings(headings: readonly string[], hasMaterial: boolean): string[] {
  if (!hasMaterial) return [];
  const questions: string[] = [];
  for (const heading of headings) {
    const question = questionFor(heading);
    if (question && !questions.includes(question)) questions.push(question);
    if (questions.length === SUGGESTED_QUESTIONS_MAX) break;
  }
  return questions.length ? questions : GENERIC_QUESTIONS.slice(0, SUGGESTED_QUESTIONS_MAX);
}
