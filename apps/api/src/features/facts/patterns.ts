/**
 * The vocabulary of syllabi: field labels, section names and the shapes of dates, times, days,
 * rooms, percentages and letter grades. General knowledge of how syllabi are written, one entry
 * per convention (never a phrase of one document).
 */

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

/** Field labels as syllabi write them ("Office hours:", "**Instructor**", "Class Location |"). */
const FIELD_LABELS: [Field, string][] = [
  [
    'instructor',
    'instructors?(?: information| name| of record)?|course instructors?|professors?|lecturers?|faculty|teachers?|supervising professor|course coordinator',
  ],
  [
    'ta',
    '(?:graduate |undergrad(?:uate)? )?(?:teaching assistants?|tas?|t\\.a\\.s?)|teaching fellows?|course assistants?|graders?|tutors?',
  ],
  ['email', 'e-?mail(?: address)?'],
  ['phone', '(?:office |cell )?(?:tele)?phone(?: number)?|tel'],
  ['office_hours', 'office hours?|office hourse|student hours|drop-in hours|oh|consultation hours'],
  ['office', 'office(?: location| room)?'],
  [
    'time',
    'class times?|class hours|lecture times?|meeting times?|meeting days|days(?: and |/| & )times?|times?|days|class schedule|when',
  ],
  [
    'place',
    'locations?|rooms?|classrooms?|class location|lecture location|lecture room|lecture hall|place|where|venue',
  ],
  [
    'meeting',
    'lectures?|class meetings?|meetings?|class sessions?|labs?|laborator(?:y|ies)|recitations?|discussions?|discussion sections?|sections?|seminars?|tutorials?|location and time|time and location|location and times?|lecture & location',
  ],
  ['mode', 'mode|modality|format|delivery|course format|instruction mode'],
  ['prerequisite', 'course prerequisites?|pre-?requisites?|prereqs?'],
  ['corequisite', 'co-?requisites?|coreqs?'],
  [
    'optional_text',
    '(?:recommended|optional|supplementa(?:l|ry)|suggested|additional) (?:texts?|textbooks?|readings?|books?|materials?)',
  ],
  [
    'text',
    'textbooks?(?: \\(required\\))?|required (?:texts?|textbooks?|readings?|books?|materials?)|texts?|course texts?|books?',
  ],
  ['software', 'software|tools|programming languages?|computing|technology requirements?'],
  ['exam', 'final exam(?:ination)?|mid-?term(?: exam)?s?(?: \\d)?|exams?(?: \\d)?|final concert'],
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

/** What a heading names. A heading may name several ("Attendance and Late Work"). */
const TOPICS: [Topic, RegExp][] = [
  [
    'staff',
    /\b(?:instructors?|professors?|lecturers?|teaching (?:team|staff)|course staff|staff|faculty|contact information|who we are)\b/i,
  ],
  ['ta', /\b(?:teaching assistants?|tas?|teaching fellows?|graders?)\b/i],
  ['office_hours', /\b(?:office|student|drop-in) hours\b/i],
  [
    'meeting',
    /\b(?:lectures?|class (?:meetings?|sessions?|times?|hours|location)|meeting (?:times?|place)|sections?|labs?|recitations?|discussions?|schedule of classes)\b/i,
  ],
  ['prerequisite', /\bpre-?requisites?\b|\bprereqs?\b/i],
  ['corequisite', /\bco-?requisites?\b/i],
  [
    'optional_text',
    /^(?:recommended|optional|supplementa(?:l|ry)|suggested)(?: (?:reading|resources))?$/i,
  ],
  [
    'optional_text',
    /\b(?:recommended|optional|supplementa(?:l|ry)|suggested|additional)\b.*\b(?:texts?|textbooks?|readings?|books?|materials?|resources)\b/i,
  ],
  [
    'text',
    /\b(?:textbooks?|required (?:texts?|readings?|books?|materials?)|texts?|course materials?|readings?|books?)\b/i,
  ],
  [
    'software',
    /\b(?:software|tools|computing|technology|programming (?:languages?|environment))\b/i,
  ],
  [
    'grading',
    /\b(?:grading|grades?|assessments?|evaluation|breakdown|weights?|requirements|marks|points)\b/i,
  ],
  ['grade_scale', /\b(?:grading scale|grade scale|letter grades?|scale)\b/i],
  ['exam', /\b(?:exams?|examinations?|midterms?|finals?|tests?|quizzes)\b/i],
  ['late', /\blate\b|\bdeadlines?\b|\bextensions?\b|\bdue dates? polic/i],
  ['attendance', /\battendance\b|\babsences?\b/i],
  ['makeup', /\bmake-?ups?\b|\bmissed (?:exams?|work|classes|tests?|quizzes)\b/i],
  ['collaboration', /\bcollaborat\w*|\bgroup work\b|\bworking together\b/i],
  [
    'integrity',
    /\bacademic (?:integrity|honesty|dishonesty|misconduct)|\bhonor code\b|\bplagiari\w*|\bcheating\b/i,
  ],
  [
    'ai',
    /\b(?:generative ai|genai|artificial intelligence|ai(?: tools| use| policy)?|chatgpt|large language models?|llms?)\b/i,
  ],
  [
    'accommodations',
    /\bdisabilit\w*|\baccommodations?\b|\baccessibility\b|\baccessible education\b|\bstudents? with special needs\b/i,
  ],
  [
    'schedule',
    /\b(?:schedule|calendar|important dates|key dates|deadlines|due dates|timeline|course outline)\b/i,
  ],
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

/** A sentence that states a policy even where no heading names it. */
export const POLICY_CUES: Record<PolicyTopic, RegExp> = {
  late: /\blate (?:work|assignments?|submissions?|penalt(?:y|ies)|homework|papers?)\b|\b(?:submitted|turned in|handed in) late\b|\bno late\b|\blate days?\b/i,
  attendance:
    /\battendance (?:is|will be|at|in)\b|\b(?:unexcused )?absences?\b.*\b(?:allowed|permitted|excused|penal|grade|lower)/i,
  makeup:
    /\bmake-?up (?:exams?|quiz(?:zes)?|work|tests?|assignments?)\b|\bmissed (?:exams?|quiz(?:zes)?|tests?)\b/i,
  collaboration:
    /\bcollaborat\w* (?:is|are|on|with|policy)\b|\bwork (?:together|in groups)\b.*\b(?:allowed|encouraged|permitted|must)\b/i,
  integrity: /\bacademic (?:integrity|honesty|dishonesty|misconduct)\b|\bplagiari\w*/i,
  ai: /\b(?:generative ai|genai|chatgpt|ai tools?|ai-generated|artificial intelligence|large language models?|llms?)\b/i,
};

// ---------------------------------------------------------------- shapes of values

export const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
export const PHONE =
  /(?:\+\d{1,3}\s?)?\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b|\b(?:ext\.?|x)\s?\d{3,5}\b/g;
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
    `\\b${WEEKDAY}\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}(?:,?\\s+\\d{4})?\\b`,
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
