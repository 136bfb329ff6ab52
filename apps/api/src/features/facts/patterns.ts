/**
 * The vocabulary of syllabi: field labels, section names and the shapes of dates, times, days,
 * rooms, percentages and letter grades. General knowledge of how syllabi are written, one entry
 * per convention (never a phrase of one document). A concept's labels, section names and policy
 * cues are defined with the rest of it, in answering/concepts.ts; here, the order they are read in.
 */
import { CONCEPTS, EMAIL, PHONE } from '../answering/concepts.ts';

export type Field =
  | 'instructor'
  | 'ta'
  | 'email'
  | 'phone'
  | 'office_hours'
  | 'office'
  | 'time'
  | 'place'
  | 'meeting'
  | 'mode'
  | 'prerequisite'
  | 'corequisite'
  | 'text'
  | 'optional_text'
  | 'software'
  | 'exam';

/**
 * Field labels as syllabi write them ("Office hours:", "**Instructor**", "Class Location |"): each
 * concept's labels (answering/concepts.ts), in the order they are tried.
 */
const FIELD_LABELS: [Field, string][] = [
  ['instructor', CONCEPTS.instructor.labels],
  ['ta', CONCEPTS.ta.labels],
  ['email', CONCEPTS.email.labels],
  ['phone', CONCEPTS.phone.labels],
  ['office_hours', CONCEPTS.officeHours.labels],
  ['office', CONCEPTS.office.labels],
  ['time', CONCEPTS.time.labels],
  ['place', CONCEPTS.place.labels],
  ['meeting', CONCEPTS.meeting.labels],
  ['mode', CONCEPTS.mode.labels],
  ['prerequisite', CONCEPTS.prerequisite.labels],
  ['corequisite', CONCEPTS.corequisite.labels],
  ['optional_text', CONCEPTS.optionalText.labels],
  ['text', CONCEPTS.text.labels],
  ['software', CONCEPTS.software.labels],
  ['exam', CONCEPTS.exam.labels],
];

/** Every label; fields that share a prefix come longest first ("office hours" before "office"). */
const LABEL_SOURCE = FIELD_LABELS.map(([, alt]) => `(?:${alt})`).join('|');

/** A known label followed by a colon (or at the start of a labelled value). */
export const LABEL_RE = new RegExp(`(?:^|(?<=[\\s|;(,]))(${LABEL_SOURCE})\\s*:`, 'gi');
/** A known label taking the whole text (a table's first cell, a definition's term). */
export const WHOLE_LABEL_RE = new RegExp(`^(?:${LABEL_SOURCE})$`, 'i');
/** A known label at the start of a simple-table row whose spacing was collapsed. */
export const LEADING_LABEL_RE = new RegExp(`^(?:${LABEL_SOURCE})(?=\\s)`, 'i');

const fieldMatchers = FIELD_LABELS.map(
  ([field, alt]) => [field, new RegExp(`^(?:${alt})$`, 'i')] as const,
);

export function fieldOf(label: string): Field | null {
  const l = label.trim().toLowerCase();
  for (const [field, re] of fieldMatchers) if (re.test(l)) return field;
  return null;
}

// ---------------------------------------------------------------- section names

export type Topic =
  | 'staff'
  | 'ta'
  | 'office_hours'
  | 'meeting'
  | 'prerequisite'
  | 'corequisite'
  | 'text'
  | 'optional_text'
  | 'software'
  | 'grading'
  | 'grade_scale'
  | 'exam'
  | 'late'
  | 'attendance'
  | 'makeup'
  | 'collaboration'
  | 'integrity'
  | 'ai'
  | 'accommodations'
  | 'schedule';

/** What a heading names (each concept's sections, answering/concepts.ts). A heading may name several ("Attendance and Late Work"). */
const TOPICS: [Topic, RegExp][] = [
  ['staff', CONCEPTS.instructor.sections],
  ['ta', CONCEPTS.ta.sections],
  ['office_hours', CONCEPTS.officeHours.sections],
  ['meeting', CONCEPTS.meeting.sections],
  ['prerequisite', CONCEPTS.prerequisite.sections],
  ['corequisite', CONCEPTS.corequisite.sections],
  ['optional_text', CONCEPTS.optionalText.sections],
  ['text', CONCEPTS.text.sections],
  ['software', CONCEPTS.software.sections],
  ['grading', CONCEPTS.breakdown.sections],
  ['grade_scale', CONCEPTS.scale.sections],
  ['exam', CONCEPTS.exam.sections],
  ['late', CONCEPTS.late.sections],
  ['attendance', CONCEPTS.attendance.sections],
  ['makeup', CONCEPTS.makeup.sections],
  ['collaboration', CONCEPTS.collaboration.sections],
  ['integrity', CONCEPTS.integrity.sections],
  ['ai', CONCEPTS.ai.sections],
  ['accommodations', CONCEPTS.accommodations.sections],
  ['schedule', CONCEPTS.date.sections],
];

export function topicsOf(heading: string): Set<Topic> {
  const out = new Set<Topic>();
  for (const [t, re] of TOPICS) if (re.test(heading)) out.add(t);
  return out;
}

export const POLICY_TOPICS = [
  'late',
  'attendance',
  'makeup',
  'collaboration',
  'integrity',
  'ai',
] as const;
export type PolicyTopic = (typeof POLICY_TOPICS)[number];

/** A sentence that states a policy even where no heading names it (answering/concepts.ts). */
export const POLICY_CUES: Record<PolicyTopic, RegExp> = {
  late: CONCEPTS.late.policyCue,
  attendance: CONCEPTS.attendance.policyCue,
  makeup: CONCEPTS.makeup.policyCue,
  collaboration: CONCEPTS.collaboration.policyCue,
  integrity: CONCEPTS.integrity.policyCue,
  ai: CONCEPTS.ai.policyCue,
};

// ---------------------------------------------------------------- shapes of values

/** an e-mail address and a phone number: the shapes answering checks its units for too */
export { EMAIL, PHONE };
export const URL = /\bhttps?:\/\/[^\s)>\]]+/g;

const DAY_WORD =
  '(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?s?\\.?|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?';
// day codes: M, T, W, R, F, Th, Tu and runs of them (MWF, TTh, TR); M/W/F
const DAY_CODE = '(?:(?:M|Tu|T|W|Th|R|F|Sa|Su)(?:\\s?[/&,]\\s?)?){1,5}';
export const DAYS = new RegExp(
  `(?:\\b(?:${DAY_WORD})\\b|\\b${DAY_CODE}\\b)(?:\\s*(?:,|&|and|/|-|–)\\s*(?:\\b(?:${DAY_WORD})\\b|\\b${DAY_CODE}\\b))*`,
  'i',
);
/** Case-sensitive day codes: "M" and "T" are days only in capitals. */
const DAY_WORD_CAPITALISED = DAY_WORD.replace(
  /(^|\||\(\?:)([a-z])/g,
  (_m, p: string, c: string) => `${p}[${c.toUpperCase()}${c}]`,
);
export const DAYS_AT_START = new RegExp(`^(?:(?:${DAY_WORD_CAPITALISED})\\b|${DAY_CODE}\\b)`, '');
const CLOCK = '(?:noon|midnight|\\d{1,2}(?:[:.]\\d{2})?\\s*(?:[ap]\\.?\\s?m\\.?)?)';
export const TIME = new RegExp(
  `\\b${CLOCK}\\s*(?:-|–|—|to|until)\\s*${CLOCK}|\\b\\d{1,2}(?:[:.]\\d{2})?\\s*[ap]\\.?\\s?m\\b\\.?|\\b\\d{1,2}:\\d{2}\\b|\\bnoon\\b`,
  'i',
);

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const WEEKDAY = '(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?\\.?,?\\s+)?';
/** Calendar dates: "Oct 20", "Monday, May 1, 2017", "1 March", "10/29", "Jan 20-27". */
export const DATE = new RegExp(
  [
    `\\b${WEEKDAY}${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:\\s*(?:-|–|to)\\s*(?:${MONTH}\\s+)?\\d{1,2}(?:st|nd|rd|th)?)?(?:,?\\s+\\d{4})?\\b`,
    // "2 Jan 13" in a schedule row is week 2 then Jan 13: a day before a month is not followed by one
    `\\b${WEEKDAY}\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}(?:,?\\s+\\d{4})?\\b(?!\\s*\\d)`,
    `\\b${WEEKDAY}\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?\\b`,
  ].join('|'),
  'i',
);

export const PERCENT = /(\d{1,3}(?:\.\d+)?)\s*(?:%|percent\b)/i;

/** Letter grades as syllabi write them: A, A-, B+, … E, F (and the Unicode minus). */
export const LETTER = '(?:[A-DF][+\\-−–]?|E)';
const NUM = '\\d{1,3}(?:\\.\\d+)?\\s*%?';
/** A score range: "93-100", "[90,93)", ">= 95.0%", "< 90% to 87%", "90 and above". */
export const RANGE = `(?:[<>≥≤]=?\\s*)?\\[?${NUM}(?:\\s*(?:-|–|—|to|,)\\s*(?:[<>≥≤]=?\\s*)?${NUM}[\\])]?|\\s*(?:and above|and up|or above|or higher|or more|and higher|\\+))?`;

/** Exam names: "Midterm 1", "Midterm Exam II", "Final exam", "Exam 2", "Test 3". */
export const EXAM_NAME =
  /\b(?:mid-?term(?:\s+exam(?:ination)?)?(?:\s*#?\s*(?:\d|i{1,3}|one|two|three)\b)?|final\s+(?:exam(?:ination)?|test|assessment)|(?:exam(?:ination)?|test)\s*#?\s*(?:\d|i{1,3}|one|two|three)\b)/i;

export const EXAM_FORMAT =
  /\b(?:closed[- ]book|open[- ]book|open[- ]notes?|closed[- ]notes?|cheat[- ]?sheets?|crib sheets?|notes? (?:sheet|card)s?|multiple[- ]choice|short[- ]answer|take[- ]home|in[- ]class|in[- ]person|proctored|cumulative|comprehensive|oral exam|calculators?)\b/i;

/** What makes a dated line a key date (not a weekly topic). */
export const KEY_DATE_CUE =
  /\b(?:due|deadlines?|break|holidays?|no class(?:es)?|class(?:es)? (?:is |are )?cancell?ed|last day|drop|withdraw\w*|add\/drop|recess|reading (?:days?|period)|presentations?|proposals?|projects?|papers?|essays?|reports?|census|thanksgiving|election day|labor day|memorial day|commencement|first day|university closed|quiz(?:zes)?|exams?|midterms?|finals?)\b/i;

/** Software and tools courses use, named as people write them. */
export const SOFTWARE = [
  'RStudio',
  'Posit Cloud',
  'Python',
  'Jupyter',
  'MATLAB',
  'Mathematica',
  'Maple',
  'Stata',
  'SPSS',
  'SAS',
  'Excel',
  'Google Sheets',
  'Julia',
  'Git',
  'GitHub',
  'GitLab',
  'LaTeX',
  'Overleaf',
  'Quarto',
  'R Markdown',
  'Canvas',
  'Moodle',
  'Blackboard',
  'Brightspace',
  'D2L',
  'Gradescope',
  'Piazza',
  'Ed Discussion',
  'Slack',
  'Discord',
  'Zoom',
  'WebEx',
  'Microsoft Teams',
  'Packback',
  'iClicker',
  'Top Hat',
  'Perusall',
  'Hypothes.is',
  'Mastering',
  'WebAssign',
  'ALEKS',
  'Kaggle',
  'Google Colab',
  'VS Code',
  'Visual Studio Code',
  'Docker',
  'Linux',
  'Unity',
  'Blender',
  'Photoshop',
  'Tableau',
  'ArcGIS',
  'QGIS',
  'NetLogo',
  'SQL',
  'Turnitin',
];
/** "R" is a language only when a syllabus says so around it. */
export const R_LANGUAGE =
  /\bR\b(?=\s+(?:programming|language|and RStudio|\(|statistical|software|packages?|Markdown|scripts?|code)|\s*[/,]\s*RStudio)|\b(?:in|using|use|learn|with|of)\s+R\b(?![-'])/;

// ---------------------------------------------------------------- what is not a fact

/**
 * A grading "component" that is a rule about weights, not a thing weighed: it has a verb or a
 * threshold ("final exam will be worth: 25%", "F Below: 60%", "possible points guarantees you at
 * least an A-: 80%", "Late homework with be penalized: 2 points").
 */
export const GRADING_RULE =
  /\b(?:will|would|shall|is|are|be|been|was|were|can|may|must|should|guarantees?|drops?|penali[sz]\w*|deduct\w*|lose|loses|below|above|under|over|than|at least|or (?:better|higher|more|less|lower)|awarded|missed)\b/i;

/** Levels of a rubric ("Fail (50%)", "Pass (80%)", "Excel (100%)") are not graded components. */
export const RUBRIC_LEVEL =
  /^(?:pass(?:ed)?|fail(?:ed)?|excel(?:lent)?|satisfactory|unsatisfactory|good|fair|poor|exemplary|proficient|developing|beginning|emerging|meets|exceeds|complete|incomplete|full credit|partial credit|no credit)\b/i;

/** Column headers a flattened table leaves before its first component ("Description Weight …"). */
export const GRADING_HEADER =
  /^(?:(?:grades?|grading(?: scheme| breakdown| policy)?|assessments?|evaluation|course grade)\b(?:\s*\([^)]*\))?\s*:?\s*)?(?:(?:description|component|item|category|assessment|assignment|activity|task)s?\s+(?:weight(?:ing)?|percent(?:age)?|%|value|worth|points)\s+)?/i;

/**
 * Prose in a materials list, not a title: a sentence that opens with a pronoun or a determiner
 * ("We equip students…", "All readings will be posted…", "Most materials you will encounter…").
 */
export const PROSE_START =
  /^(?:we|you|your|i|our|my|all|most|some|many|this|these|those|it|if|please|there|students?|each|every|note|in this|for the|for this|when|while|although)\b/i;
/** What a reference to a book or reading has: a year, an edition, a publisher, an author "by". */
export const CITATION_CUE =
  /\b(?:1[89]\d\d|20\d\d)\b|\bedition\b|\b\d+(?:st|nd|rd|th|e)\s+ed\b|\bisbn\b|\bpress\b|\bpublish\w*|\bby [A-Z]|\bvol(?:ume|\.)/i;
/** A detail line under a title (its ISBN, its web site), not a title of its own. */
export const TEXT_DETAIL =
  /^(?:isbn(?:-1[03])?|(?:project |course )?(?:web ?site|website|url|link|homepage|source files?))\b\s*:?/i;
/** A link label in a list of resources ("R: Download", "Git: Installation instructions"). */
export const LINK_LABEL =
  /:\s*(?:download|install(?:ation)?(?: instructions| guide)?|create an account\b.*|sign up\b.*|register\b.*)$/i;

/**
 * A place is a name: besides function words and what sits in parentheses, its words are
 * capitalised or hold figures ("Statler 265", "L125 Lind Hall"); "Final assignment due during
 * exam period" is prose.
 */
export const PLACE_FUNCTION_WORDS =
  /^(?:of|the|and|at|in|on|for|&|room|rooms|hall|building|bldg\.?|floor|campus|or|via|online|tbd|tba)$/i;

/** A clock time a meeting gives: "9:05", "10am", "noon" (not the bare numbers of "F 0-59"). */
export const CLOCK_TIME = /\d[:.]\d{2}\b|\d\s*[ap]\.?\s?m\b|\bnoon\b/i;

/** Office hours name a day, a time, an appointment or where to look; not a paragraph of prose. */
export const OFFICE_HOURS_VALUE =
  /\b(?:appointments?|request|arrange\w*|tba|tbd|zoom|online|canvas|website|see)\b/i;

/** Role words that open a person's line ("Professor Daniel Koll Office: …", "Teaching Assistant …"). */
export const ROLE_LEAD =
  /^(?:(professor|prof\.|instructor|lecturer)|(teaching assistants?|t\.?a\.?s?|tutor|grader))\s+(?=[A-Z])/i;

// ---------------------------------------------------------------- people

const NAME_TOKEN = "[A-Z][\\p{L}'’`-]*\\.?";
const PERSON = new RegExp(
  `^(?:(?:Dr|Prof|Professor|Mr|Ms|Mrs|Mx)\\.?\\s+)?${NAME_TOKEN}(?:\\s+(?:${NAME_TOKEN}|van|von|de|der|da|del|la|le)){1,4}(?:,?\\s+(?:Ph\\.?\\s?D\\.?|M\\.?S\\.?|M\\.?A\\.?|MBA|Jr\\.?|Sr\\.?|PhD))*$`,
  'u',
);
/** Words that start a heading or a label, not a name ("Course Description", "Office Hours"). */
const NOT_NAME =
  /\b(?:ta|tas|ta's|meetings?|method|preferred|engineering|science|sciences|recitation|discussion|course|class|syllabus|description|information|office|hours|university|college|department|school|fall|spring|summer|winter|semester|term|section|lecture|lab|introduction|schedule|policy|policies|grading|email|website|objectives|outcomes|materials|required|contact|center|building|hall|room|teaching|assistant|assistants|instructor|instructors|professor|credits?|week|date|total)\b/i;

/** "Dr. Jane Roe", "Ovande Furtado Jr, Ph.D.": a name, not a heading or a label. */
export function isPersonName(s: string): boolean {
  const t = s.trim();
  return (
    t.length <= 60 &&
    PERSON.test(t) &&
    !NOT_NAME.test(t.replace(/^(?:Dr|Prof|Professor)\.?\s+/, ''))
  );
}
