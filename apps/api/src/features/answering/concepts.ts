import type { FactKind } from '@app/contracts';

/**
 * The syllabus concepts the engine knows, each defined once: the words and phrases that name it
 * in a student's question, the fact kinds that may hold its answer, the kinds of answer a question
 * about it wants (and what in a passage counts as one), how a syllabus labels it and names its
 * section, and examples of each, which concepts.test.ts turns into tests. The fact readers read
 * the labels, sections and policy cues through facts/patterns.ts. docs/answering.md says how to
 * add a concept.
 */

/** Something in a unit of the material that can answer a question: a date, a room, a weight… */
export type Evidence = { test(text: string): boolean };

/** A kind of answer a question asks for, and how to spot it in a unit of the material. */
export type AnswerShape = {
  /** the question asks for it ("when", "what room", "how many pages") */
  question: RegExp;
  /** a more specific kind of question that replaces this one */
  unless?: RegExp;
  /** a unit that holds this kind of answer */
  evidence: Evidence;
  /** question words that name the kind of answer, not its subject: the evidence covers them */
  answerWords?: RegExp;
  examples: {
    asks: string[];
    doesNotAsk: string[];
    /** units that hold this kind of answer, and units that do not */
    holds: string[];
    doesNotHold: string[];
  };
};

export type ConceptDefinition = {
  /**
   * Seed words that name it in a question (lower case, as students and syllabi write them); a
   * rarer word counts when general English word vectors put it close to one ("venue" → place).
   */
  words: string[];
  /** a phrase that names it as a whole, read before single words */
  phrase?: RegExp;
  /**
   * Its words name different things of its kind (a midterm is not the final), not one thing in
   * other words (a book is a textbook): a question naming one is about that word, not only the
   * concept (assistant-check/matching.ts)
   */
  distinctWords?: boolean;
  /** the kinds of course fact that may hold its answer */
  facts: FactKind[];
  /** what a question about it wants from a passage (a question may name it without asking so) */
  answers?: AnswerShape[];
  /**
   * How a syllabus labels it ("Office hours:", "**Instructor**", "Class Location |"): alternatives
   * of a regular expression, matched whole and case-insensitively (facts/patterns.ts reads them)
   */
  labels?: string;
  /** a section heading that names it ("Attendance and Late Work" names two) */
  sections?: RegExp;
  /** a sentence that states its policy where no heading names it */
  policyCue?: RegExp;
  /**
   * Questions that name it and that do not; labels it is and is not; headings that name it and
   * that do not; sentences that state its policy and that do not.
   */
  examples: {
    names?: string[];
    doesNotName?: string[];
    labels?: string[];
    notLabels?: string[];
    headings?: string[];
    notHeadings?: string[];
    states?: string[];
    doesNotState?: string[];
  };
};

// ---------------------------------------------------------------------------------------------
// Shapes of answers, as they appear in a unit of the material

const WEEKDAY =
  /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu|thurs?|fri|sat|sun)s?\b|\b[MTWRF]{1,2}\/[MTWRF]{1,2}(\/[MTWRF])?\b|\b(MWF|TTh|TR)\b/i;
const DATE =
  /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{1,2}[/-]\d{1,2}([/-]\d{2,4})?\b|\b\d{1,2}\.\d{1,2}\.\d{2,4}\b|\b\d{1,2}(:\d{2})?\s*(am|pm|a\.m\.|p\.m\.)|\b\d{1,2}:\d{2}\b|\bweek\s+\d+|\b(noon|midnight)\b|\b(in|since|by|from|until|between|around|before|after)\s+(1\d{3}|20\d{2})\b/i;
const NUMBER =
  /\d+(\.\d+)?\s*(%|percent\b|percentage|points?\b|pts\b)|\b\d+\s*\/\s*\d+\b|\b\d+(\.\d+)?\s*[-–]\s*\d+(\.\d+)?\b|\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|twice|half|\d+)\b/i;
const SHARE =
  /\d+(\.\d+)?\s*(%|percent\b|percentage|points?\b|pts\b)|\|\s*[<>≤≥]?\s*\d+(\.\d+)?\s*(%|pts)?\s*(\||$)|\b\d+(\.\d+)?\s*[-–]+\s*\d+(\.\d+)?\s*%?\s*(\||$)|^[A-Z][A-Za-z+-]?\s*[<>≥≤]=?\s*\d+|\b(zero|half)\b/i;
/** a unit of a grade scale: a letter grade and a score from 50 to 100 */
const GRADE_SCALE: Evidence = {
  test: (text) =>
    /(^|[\s|:,(])([A-D][+-]?|F)(?=[\s|:,)=]|$)/.test(text) && /\b(100|[5-9]\d)\b/.test(text),
};
/** a weight: a percentage or points, not a bound on a score ("at least 80%", "between 60% and") */
const WEIGHT =
  /(?<!\b(?:least|between|above|below|over|under|than|most)\s)\b\d+(\.\d+)?\s*(%|percent\b|points?\b|pts\b)/gi;
/**
 * one part of the grade and its weight: "Homework: 25%", "Final Project (30%)", "15% Presentation",
 * or a run-in title "Assignments (50%) There will be five."
 */
const COMPONENT_LINE =
  /^(?!.*\b(least|between|above|below|over|under|than|most)\s+\d)[^.!?]{2,60}?\s*\(?\d+(\.\d+)?\s*(%|[Pp]ercent|[Pp]oints|[Pp]ts)\)?\.?$|^\d+(\.\d+)?\s*%\s*[-–—:]?\s*\p{L}[^.!?]{1,80}$|^\p{Lu}[^.!?()]{1,60}\(\d+(\.\d+)?\s*%\)\s+\p{Lu}/u;
/**
 * A grading breakdown: several parts of the grade with their weights, or one part of a list of
 * them, and not a letter-grade scale. One percentage in a sentence ("late work loses 10% a day")
 * is not a breakdown.
 */
const BREAKDOWN: Evidence = {
  test: (text) =>
    !GRADE_SCALE.test(text) &&
    ((text.match(WEIGHT)?.length ?? 0) >= 2 || COMPONENT_LINE.test(text.replace(/ \| /g, ' '))),
};
/** what a length or a duration is measured in */
const MEASURE_UNITS =
  'pages?|words?|minutes?|mins?|hours?|hrs?|days?|weeks?|slides?|characters?|paragraphs?|sentences?|lines?';
const NUMBER_WORD =
  '\\d+(?:[.,]\\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|fifty|sixty|a few|single';
const MEASURE = new RegExp(
  [
    `\\b(${NUMBER_WORD})(\\s*[-–]\\s*(${NUMBER_WORD}))?([\\s-]+(single|double)?[\\s-]*(spaced)?)?[\\s-]*(${MEASURE_UNITS})\\b`,
    // "3:00-5:00 in length", "20 long"
    `\\b\\d{1,2}(:\\d{2})?(\\s*[-–]\\s*\\d{1,2}(:\\d{2})?)?\\s+(in length|long)\\b`,
  ].join('|'),
  'i',
);
/** a count: a number that is not a percentage, a time of day or part of a date */
const COUNT =
  /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twice|once)\b|(?<![\d.:/-])\b\d{1,3}\b(?![.:/]\d|\s*(%|percent|pts|points|am|pm|a\.m|p\.m))/i;
const PERSON =
  /[\w.+-]+@[\w-]+(\.[\w-]+)+|\b([Dd]r|[Pp]rof(essor)?|[Ii]nstructor|TA|ta)\.?\s+[A-Z]|\b[A-Z][a-z]+\s+[A-Z][a-z]+\b|\bx\d{3,5}\b|\(\d{3}\)|\b\d{3}[-.]\d{4}\b/;
const PLACE_WORD = /\b(room|rm\.?|hall|building|bldg|auditorium|center|centre|library)\b/i;
/** "Mabee 233", "Crown 418", "ALS 4000": a name and a room number (not "March 12", "Section 14") */
const NAMED_ROOM = /\b([A-Z][A-Za-z]+)\s+\d{2,4}[A-Z]?\b(?!\s*(%|percent|points|pts))/g;
const WEEKDAY_NAME =
  /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu|thurs?|fri|sat|sun)$/i;
const NOT_A_PLACE =
  /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|week|chapter|unit|module|section|topics?|part|exam|quiz|lab|lecture|homework|assignment|problem|fall|spring|summer|winter|page|pages|step|version|level|grade|room)/i;
/** "CS 24", "CS 130A", "ECE 331": a course code, not a room */
const COURSE_CODE = /^[A-Z]{2,5}\s+\d{2,3}[A-Z]?$/;
const PLACE: Evidence = {
  test: (text) =>
    PLACE_WORD.test(text) ||
    [...text.matchAll(NAMED_ROOM)].some(
      (m) => !NOT_A_PLACE.test(m[1]!) && !WEEKDAY_NAME.test(m[1]!) && !COURSE_CODE.test(m[0]),
    ),
};
const PLATFORM =
  /\b(canvas|moodle|blackboard|gradescope|piazza|zoom|ed|github|website|online|portal|form|email|e-mail|d2l|brightspace|sakai|campuswire|slack|discord)\b|https?:\/\//i;
/** An e-mail address; the fact readers find them with it too (facts/patterns.ts). */
export const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** "(503) 725-4422", "503-725-4150", "x12345", "725-2800"; the fact readers find them with it too */
export const PHONE =
  /\(\d{3}\)\s*\d{3}[-.\s]\d{4}|\b\d{3}[-.]\d{3}[-.]\d{4}\b|\bx\d{4,5}\b|\b\d{3}-\d{4}\b/g;
/** a phone number or an e-mail address, tested on a unit */
const pattern = (shape: RegExp): Evidence => new RegExp(shape.source, shape.flags.replace('g', ''));

// ---------------------------------------------------------------------------------------------
// Kinds of question, as students type them

/** "what do I need to get an A", "is 89 a B+": a letter grade named in the question. */
export const LETTER_GRADE =
  /\b(get|getting|earn|earning|receive|make|need for|for|is|be)\s+(an\s+a[+-]?|a\s+[bcdf][+-]?|[abcdf][+-])(?=\s*([?.!,]|$)|\s+(in|on|for|grade|overall|or|and)\b)/i;
const SHARE_QUESTION =
  /\b(what percent|percentage|worth|weigh|weight|weighted|count for|count toward|counts|points?|%|fraction|what grade)\b/i;
/** "what do I need to get an A", "is 89 a B+", "what grade am I getting": a grade scale's letters */
const LETTER_GRADE_QUESTION = new RegExp(
  `${LETTER_GRADE.source}|\\bwhat (letter )?grade (do|does|did|will|would|am|is|are|should)\\b`,
  'i',
);
const ASKS_FOR_A_ROOM =
  /\b(what|which) (room|building|hall|classroom)\b|\blocated\b|\bwhere\b.*\b(office|lecture|class|meet|meets|meeting|held|exam|section|room|building)\b/i;
/** A question about what to do or what follows, not a date, place or number: "what happens if…" */
const ASKS_WHAT_TO_DO =
  /\bwhat (should|do|can|would|must) (i|we) do\b|\bwhat (happens|will happen)\b|\bhow (do|can|should|would) (i|we)\b|\b(can|may|could) (i|we)\b|\bis (it|that) (ok|okay|fine|allowed)\b/i;
const HOW_MANY_UNITS = new RegExp(`\\bhow many (${MEASURE_UNITS})\\b`, 'i');

// ---------------------------------------------------------------------------------------------
// The concepts. Their order is the order their words and phrases are read in (a word two
// concepts name, "when" or "day", belongs to the first).

export const CONCEPTS = {
  place: {
    words: ['where', 'room', 'building', 'location', 'located', 'classroom', 'hall', 'venue'],
    facts: ['meeting', 'staff', 'accommodations'],
    labels:
      'locations?|rooms?|classrooms?|class location|lecture location|lecture room|lecture hall|place|where|venue',
    answers: [
      {
        // a physical place: rooms and buildings only (this one rules out the next)
        question: ASKS_FOR_A_ROOM,
        evidence: PLACE,
        answerWords: /^(room|rooms|location|building|place|held)$/,
        examples: {
          asks: [
            'what room is the lecture in',
            'where is the office',
            'where is the final exam held',
          ],
          doesNotAsk: ['where do I submit homework'],
          holds: ['Lectures are in Mabee 233.', 'Room: Crown 418'],
          doesNotHold: ['Lectures are on March 12.', 'CS 24 meets weekly.'],
        },
      },
      {
        question: /\bwhere\b/i,
        unless: ASKS_FOR_A_ROOM,
        evidence: { test: (text) => PLACE.test(text) || PLATFORM.test(text) },
        examples: {
          asks: ['where do I submit homework'],
          doesNotAsk: ['what room is the lecture in', 'where is the lecture held'],
          holds: ['Submit on Gradescope.', 'Turn it in at the library.'],
          doesNotHold: ['Homework is due Fridays.'],
        },
      },
    ],
    examples: {
      names: ['which classroom is it in', 'what is the venue', 'where is class'],
      doesNotName: ['what is the late policy'],
      labels: ['Location', 'Lecture Hall', 'Where'],
      notLabels: ['Location and time'],
    },
  },
  time: {
    words: ['when', 'time', 'times', 'days', 'day', 'schedule'],
    phrase: /\bwhat time\b|\bwhat days?\b|\bwhich days?\b|\bhow often\b/,
    facts: ['meeting', 'staff', 'key_date'],
    labels:
      'class times?|class hours|lecture times?|meeting times?|meeting days|days(?: and |/| & )times?|times?|days|class schedule|when',
    examples: {
      names: ['what time is lecture', 'which days does the lab meet', 'when is class'],
      doesNotName: ['who is the instructor'],
      labels: ['Class Times', 'Days and Times', 'When'],
      notLabels: ['Timeline'],
    },
  },
  meeting: {
    words: ['meet', 'meets', 'meeting', 'lecture', 'lectures', 'class', 'held', 'section'],
    facts: ['meeting'],
    labels:
      'lectures?|class meetings?|meetings?|class sessions?|labs?|laborator(?:y|ies)|recitations?|discussions?|discussion sections?|sections?|seminars?|tutorials?|location and time|time and location|location and times?|lecture & location',
    sections:
      /\b(?:lectures?|class (?:meetings?|sessions?|times?|hours|location)|meeting (?:times?|place)|sections?|labs?|recitations?|discussions?|schedule of classes)\b/i,
    examples: {
      names: ['when do lectures meet'],
      doesNotName: ['what is the textbook'],
      labels: ['Lecture', 'Lab', 'Location and time', 'Discussion sections'],
      notLabels: ['Lecturer'],
      headings: ['Class Meetings', 'Lab Sections'],
      notHeadings: ['Schedule'],
    },
  },
  lab: {
    words: ['lab', 'labs', 'laboratory'],
    facts: ['meeting'],
    examples: { names: ['where is the lab'], doesNotName: ['where is the lecture'] },
  },
  recitation: {
    words: ['recitation', 'recitations'],
    facts: ['meeting'],
    examples: { names: ['when is recitation'], doesNotName: ['when is the lab'] },
  },
  discussion: {
    words: ['discussion', 'discussions'],
    facts: ['meeting'],
    examples: { names: ['where is my discussion section'], doesNotName: ['where is the lab'] },
  },
  office: {
    words: ['office'],
    facts: ['staff', 'accommodations'],
    labels: 'office(?: location| room)?',
    examples: {
      names: ["where is the professor's office"],
      doesNotName: ['where is the lab'],
      labels: ['Office', 'Office location'],
      notLabels: ['Office hours'],
    },
  },
  officeHours: {
    words: [],
    phrase: /\b(office|student|drop[- ]in) hours?\b|\b(drop|stop|come|swing) by\b/,
    facts: ['staff'],
    labels: 'office hours?|office hourse|student hours|drop-in hours|oh|consultation hours',
    sections: /\b(?:office|student|drop-in) hours\b/i,
    examples: {
      names: [
        'when are your drop-in hours',
        'when are office hours',
        'when can I see her in her office',
        'can I come by to ask questions',
      ],
      doesNotName: ['where is the office', 'how many hours of homework a week'],
      labels: ['Office Hours', 'Student hours', 'OH'],
      notLabels: ['Office'],
      headings: ['Office Hours', 'Student Hours and Help'],
      notHeadings: ['Office'],
    },
  },
  email: {
    words: ['email', 'mail', 'emailing'],
    facts: ['staff', 'accommodations'],
    labels: 'e-?mail(?: address)?',
    answers: [
      {
        question: /\b(email|e-mail|emailing)\b/i,
        evidence: pattern(EMAIL),
        examples: {
          asks: ["what is the professor's email", 'what is her e-mail address'],
          doesNotAsk: ['how do I contact the TA'],
          holds: ['Contact: jsmith@ucsb.edu'],
          doesNotHold: ['Email me with questions.'],
        },
      },
    ],
    examples: {
      names: ["what is the professor's email"],
      doesNotName: ['what is her phone'],
      labels: ['Email', 'E-mail address'],
      notLabels: ['Mail'],
    },
  },
  phone: {
    words: ['phone', 'telephone', 'call'],
    facts: ['staff', 'accommodations'],
    labels: '(?:office |cell )?(?:tele)?phone(?: number)?|tel',
    answers: [
      {
        question: /\b(phone|call|telephone|number to)\b/i,
        evidence: pattern(PHONE),
        examples: {
          asks: ['what is the office phone', 'what number to call'],
          doesNotAsk: ['what is her email'],
          holds: ['Phone: (503) 725-4422', 'Office: 725-2800'],
          doesNotHold: ['Call me during office hours.'],
        },
      },
    ],
    examples: {
      names: ['what is her phone number'],
      doesNotName: ['what is her email'],
      labels: ['Phone', 'Office Phone', 'Tel'],
      notLabels: ['Phones off'],
    },
  },
  instructor: {
    words: ['professor', 'prof', 'instructor', 'teacher', 'lecturer', 'dr'],
    facts: ['staff'],
    labels:
      'instructors?(?: information| name| of record)?|course instructors?|professors?|lecturers?|faculty|teachers?|supervising professor|course coordinator',
    sections:
      /\b(?:instructors?|professors?|lecturers?|teaching (?:team|staff)|course staff|staff|faculty|contact information|who we are)\b/i,
    examples: {
      names: ['who is the professor'],
      doesNotName: ['who is the TA'],
      labels: ['Instructor', 'Course Instructors', 'Professor'],
      notLabels: ['Instruction'],
      headings: ['Course Staff', 'Contact Information'],
      notHeadings: ['Grading'],
    },
  },
  ta: {
    words: ['ta', 'tas', 'assistant', 'assistants', 'grader'],
    phrase: /\bteaching assistants?\b/,
    facts: ['staff'],
    labels:
      '(?:graduate |undergrad(?:uate)? )?(?:teaching assistants?|tas?|t\\.a\\.s?)|teaching fellows?|course assistants?|graders?|tutors?',
    sections: /\b(?:teaching assistants?|tas?|teaching fellows?|graders?)\b/i,
    examples: {
      names: ['who is the TA', 'who are the teaching assistants'],
      doesNotName: ['who is the professor'],
      labels: ['TA', 'Graduate Teaching Assistant', 'Grader'],
      notLabels: ['Assistant Professor'],
      headings: ['Teaching Assistants'],
      notHeadings: ['Instructor'],
    },
  },
  who: {
    words: ['who', 'whom', 'name'],
    facts: ['staff'],
    answers: [
      {
        // "who is the TA", "the TA's name", "name of the instructor" (not "how should I name my file")
        question: /\b(who|whom)\b|(\b(the|his|her|their|your)|['’]s)\s+names?\b|\bnames? of\b/i,
        evidence: { test: (text) => PERSON.test(text) },
        examples: {
          asks: ['who is the TA', "what is the TA's name", 'name of the instructor'],
          doesNotAsk: ['how should I name my file'],
          holds: ['TA: Maria Lopez', 'Write to jsmith@ucsb.edu', 'Office hours with Dr. Hurford'],
          doesNotHold: ['the instructor will announce it'],
        },
      },
    ],
    examples: { names: ['who teaches this'], doesNotName: ['what is the textbook'] },
  },
  prerequisite: {
    words: ['prerequisite', 'prerequisites', 'prereq', 'prereqs', 'requirement'],
    phrase:
      /\b(taken|take|have|had|need) before( taking| enrolling| i take)?\b|\bbefore (taking|i take|enrolling)\b/,
    facts: ['prerequisite'],
    labels: 'course prerequisites?|pre-?requisites?|prereqs?',
    sections: /\bpre-?requisites?\b|\bprereqs?\b/i,
    examples: {
      names: ['what are the prereqs', 'what do I need to have taken before this class'],
      doesNotName: ['when is the final'],
      labels: ['Prerequisites', 'Pre-requisite', 'Prereq'],
      notLabels: ['Requirements'],
      headings: ['Prerequisites'],
      notHeadings: ['Course Requirements'],
    },
  },
  corequisite: {
    words: ['corequisite', 'corequisites', 'coreq', 'concurrently'],
    phrase: /\bat the same time\b/,
    facts: ['corequisite'],
    labels: 'co-?requisites?|coreqs?',
    sections: /\bco-?requisites?\b/i,
    examples: {
      names: ['is there a coreq', 'which lab do I take at the same time'],
      doesNotName: ['what are the prereqs'],
      labels: ['Corequisite', 'Co-requisites'],
      notLabels: ['Prerequisites'],
      headings: ['Corequisites'],
      notHeadings: ['Prerequisites'],
    },
  },
  text: {
    words: ['textbook', 'textbooks', 'book', 'books', 'text', 'texts'],
    facts: ['text'],
    labels:
      'textbooks?(?: \\(required\\))?|required (?:texts?|textbooks?|readings?|books?|materials?)|texts?|course texts?|books?',
    sections:
      /\b(?:textbooks?|required (?:texts?|readings?|books?|materials?)|texts?|course materials?|readings?|books?)\b/i,
    examples: {
      names: ['what textbook do we use', 'do I need the book'],
      doesNotName: ['what software'],
      labels: ['Textbook', 'Required Texts', 'Textbook (required)'],
      notLabels: ['Recommended texts'],
      headings: ['Required Readings', 'Course Materials'],
      notHeadings: ['Grading'],
    },
  },
  software: {
    words: ['software', 'program', 'programs', 'app', 'install', 'tools'],
    facts: ['software'],
    labels: 'software|tools|programming languages?|computing|technology requirements?',
    sections: /\b(?:software|tools|computing|technology|programming (?:languages?|environment))\b/i,
    examples: {
      names: ['what software do I need to install'],
      doesNotName: ['what textbook'],
      labels: ['Software', 'Programming Language', 'Technology requirements'],
      notLabels: ['Hardware'],
      headings: ['Software and Tools'],
      notHeadings: ['Textbook'],
    },
  },
  breakdown: {
    words: ['breakdown', 'calculated', 'determined', 'composed'],
    phrase: /\bgrad(e|ing) (breakdown|distribution|weights?)\b|\bhow (is|are) (my |the )?grades?\b/,
    facts: ['grading'],
    sections:
      /\b(?:grading|grades?|assessments?|evaluation|breakdown|weights?|requirements|marks|points)\b/i,
    answers: [
      {
        // the weights of the grade's components, not the letter-grade scale
        question:
          /\bgrad(e|ing) (breakdown|distribution|weights?|components?)\b|\bhow (is|are) (my |the |our )?(final )?grades? (calculated|determined|weighted|computed)\b/i,
        evidence: BREAKDOWN,
        answerWords:
          /^(breakdown|distribution|weights?|components?|calculated|determined|weighted|computed)$/,
        examples: {
          asks: ['What is the grading breakdown?', 'how is my grade calculated'],
          doesNotAsk: ['what is the grade scale'],
          holds: [
            'Homework: 25%',
            'Final Project (30%)',
            'Quizzes 20%, midterm 30% and the final 50%.',
          ],
          doesNotHold: [
            'Late work loses 10% of its grade a day.',
            'A: 93-100%',
            // bounds on a score are not weights
            'Your work is satisfactory if you earn at least 80%.',
            'A grade between 60% and 79% gets partial credit.',
          ],
        },
      },
    ],
    examples: {
      names: ['what is the grading breakdown', 'how are grades calculated'],
      doesNotName: ['what is the grade scale'],
      headings: ['Grading', 'Assessment and Evaluation'],
      notHeadings: ['Office Hours'],
    },
  },
  scale: {
    words: ['scale', 'cutoff', 'cutoffs'],
    phrase: /\bgrad(e|ing) scale\b|\bletter grades?\b/,
    facts: ['grade_scale'],
    sections: /\b(?:grading scale|grade scale|letter grades?|scale)\b/i,
    answers: [
      {
        question: LETTER_GRADE_QUESTION,
        evidence: GRADE_SCALE,
        examples: {
          asks: [
            'what do I need to get an A?',
            'if i get 80 percent of all the points what grade am i getting',
          ],
          doesNotAsk: ['how much is the final worth'],
          holds: ['B: 80-89%', 'A- 90'],
          doesNotHold: ['Homework 30%'],
        },
      },
    ],
    examples: {
      names: ['what is the grading scale', 'what do I need to get an A?', 'is 89 enough for a B+'],
      doesNotName: [
        'last day to drop without getting a W',
        'what happens if my essay is a day late',
      ],
      headings: ['Grading Scale', 'Letter Grades'],
      notHeadings: ['Grading'],
    },
  },
  weight: {
    words: ['worth', 'weight', 'weighted', 'percent', 'percentage', 'count', 'counts'],
    // "how much of the grade is the term paper": a share of the grade
    phrase: /\bhow much of (my |the |our |your )?(final |overall |course )?grade\b/,
    facts: ['grading'],
    answers: [
      {
        // a share of the grade: percentages, points, or a table row's number; a letter-grade scale
        // gives the score each letter needs, not what a part of the grade is worth
        question: SHARE_QUESTION,
        unless: LETTER_GRADE_QUESTION,
        evidence: { test: (text) => SHARE.test(text) && !GRADE_SCALE.test(text) },
        answerWords:
          /^(worth|count|counts|weigh|weight|weighted|percent|percentage|points?|fraction)$/,
        examples: {
          asks: ['how much is the final project worth', 'what percentage is homework'],
          doesNotAsk: ['what grade do I need for an A'],
          holds: ['Final Project 20%', '| Homework | 30 |'],
          doesNotHold: ['Final Grade: A+, Percent: 97-100%'],
        },
      },
    ],
    examples: {
      names: ['how much is the midterm worth', 'how much of my grade is the term paper'],
      doesNotName: ['when is the midterm'],
    },
  },
  exam: {
    words: ['exam', 'exams', 'midterm', 'midterms', 'final', 'test', 'tests', 'quiz'],
    distinctWords: true,
    facts: ['exam'],
    labels: 'final exam(?:ination)?|mid-?term(?: exam)?s?(?: \\d)?|exams?(?: \\d)?|final concert',
    sections: /\b(?:exams?|examinations?|midterms?|finals?|tests?|quizzes)\b/i,
    examples: {
      names: ['when is the midterm', 'is the final cumulative'],
      doesNotName: ['who is the TA'],
      labels: ['Final Exam', 'Midterm 2', 'Exams'],
      notLabels: ['Examples'],
      headings: ['Exams and Quizzes'],
      notHeadings: ['Homework'],
    },
  },
  date: {
    words: ['when', 'date', 'dates', 'day'],
    facts: ['exam', 'key_date'],
    sections:
      /\b(?:schedule|calendar|important dates|key dates|deadlines|due dates|timeline|course outline)\b/i,
    answers: [
      {
        question: /\b(when|what time|what day|which day|date|deadline|due|schedule)\b/i,
        // "I won't make the deadline, what should I do?" is about the deadline, not asking for it
        unless: ASKS_WHAT_TO_DO,
        evidence: new RegExp(`${WEEKDAY.source}|${DATE.source}`, 'i'),
        answerWords: /^(date|dates|day|days|time|times|schedule|deadline)$/,
        examples: {
          asks: ['when is the homework deadline', 'what time is lecture', 'when is essay 2 due'],
          doesNotAsk: ['i wont finish the homework by the deadline, what should i do'],
          holds: ['Homework is due Fridays.', 'Midterm: Oct 14', 'Class starts at 2 pm.'],
          doesNotHold: ['If you need an extension, ask the TA before the deadline.'],
        },
      },
    ],
    examples: {
      names: ['what is the date of the final', 'when is the midterm'],
      doesNotName: ['where is the lab'],
      headings: ['Course Schedule', 'Important Dates'],
      notHeadings: ['Grading'],
    },
  },
  optionalText: {
    // recommended reading: not yet told apart in a question (the passages answer it)
    words: [],
    facts: ['text'],
    labels:
      '(?:recommended|optional|supplementa(?:l|ry)|suggested|additional) (?:texts?|textbooks?|readings?|books?|materials?)',
    sections:
      /^(?:recommended|optional|supplementa(?:l|ry)|suggested)(?: (?:reading|resources))?$|\b(?:recommended|optional|supplementa(?:l|ry)|suggested|additional)\b.*\b(?:texts?|textbooks?|readings?|books?|materials?|resources)\b/i,
    examples: {
      labels: ['Recommended texts', 'Optional reading'],
      notLabels: ['Required texts'],
      headings: ['Supplementary', 'Additional Readings and Resources'],
      notHeadings: ['Required Readings'],
    },
  },
  mode: {
    // in person, online or hybrid: not yet read from a question (the passages answer it)
    words: [],
    facts: ['meeting'],
    labels: 'mode|modality|format|delivery|course format|instruction mode',
    examples: { labels: ['Mode', 'Instruction mode'], notLabels: ['Model'] },
  },
  // Policies and sections the fact readers know and a question is not yet read for: the passages
  // answer questions about them by their words (retrieval/vocabulary.ts).
  late: {
    words: [],
    facts: ['policy'],
    sections: /\blate\b|\bdeadlines?\b|\bextensions?\b|\bdue dates? polic/i,
    policyCue:
      /\blate (?:work|assignments?|submissions?|penalt(?:y|ies)|homework|papers?)\b|\b(?:submitted|turned in|handed in) late\b|\bno late\b|\blate days?\b/i,
    examples: {
      headings: ['Late Work', 'Extensions'],
      notHeadings: ['Attendance'],
      states: ['Late work loses 10% a day.', 'You have five late days.'],
      doesNotState: ['Class starts late in week 2.'],
    },
  },
  attendance: {
    words: [],
    facts: ['policy'],
    sections: /\battendance\b|\babsences?\b/i,
    policyCue:
      /\battendance (?:is|will be|at|in)\b|\b(?:unexcused )?absences?\b.*\b(?:allowed|permitted|excused|penal|grade|lower)/i,
    examples: {
      headings: ['Attendance and Late Work', 'Absences'],
      notHeadings: ['Grading'],
      states: ['Attendance is required.', 'Three unexcused absences lower your grade.'],
      doesNotState: ['Take attendance seriously.'],
    },
  },
  makeup: {
    words: [],
    facts: ['policy'],
    sections: /\bmake-?ups?\b|\bmissed (?:exams?|work|classes|tests?|quizzes)\b/i,
    policyCue:
      /\bmake-?up (?:exams?|quiz(?:zes)?|work|tests?|assignments?)\b|\bmissed (?:exams?|quiz(?:zes)?|tests?)\b/i,
    examples: {
      headings: ['Make-up Exams', 'Missed Work'],
      notHeadings: ['Exams'],
      states: ['No make-up exams are given.'],
      doesNotState: ['Exams are in class.'],
    },
  },
  collaboration: {
    words: [],
    facts: ['policy'],
    sections: /\bcollaborat\w*|\bgroup work\b|\bworking together\b/i,
    policyCue:
      /\bcollaborat\w* (?:is|are|on|with|policy)\b|\bwork (?:together|in groups)\b.*\b(?:allowed|encouraged|permitted|must)\b/i,
    examples: {
      headings: ['Collaboration Policy', 'Group Work'],
      notHeadings: ['Homework'],
      states: ['Collaboration is encouraged on homework.'],
      doesNotState: ['Homework is due Fridays.'],
    },
  },
  integrity: {
    words: [],
    facts: ['policy'],
    sections:
      /\bacademic (?:integrity|honesty|dishonesty|misconduct)|\bhonor code\b|\bplagiari\w*|\bcheating\b/i,
    policyCue: /\bacademic (?:integrity|honesty|dishonesty|misconduct)\b|\bplagiari\w*/i,
    examples: {
      headings: ['Academic Integrity', 'Honor Code'],
      notHeadings: ['Grading'],
      states: ['Plagiarism results in a zero.'],
      doesNotState: ['Cite your sources.'],
    },
  },
  ai: {
    words: [],
    facts: ['policy'],
    sections:
      /\b(?:generative ai|genai|artificial intelligence|ai(?: tools| use| policy)?|chatgpt|large language models?|llms?)\b/i,
    policyCue:
      /\b(?:generative ai|genai|chatgpt|ai tools?|ai-generated|artificial intelligence|large language models?|llms?)\b/i,
    examples: {
      headings: ['Use of Generative AI', 'AI Policy'],
      notHeadings: ['Academic Integrity'],
      states: ['You may use ChatGPT to brainstorm.'],
      doesNotState: ['Use the library databases.'],
    },
  },
  accommodations: {
    words: [],
    facts: ['accommodations'],
    sections:
      /\bdisabilit\w*|\baccommodations?\b|\baccessibility\b|\baccessible education\b|\bstudents? with special needs\b/i,
    examples: {
      headings: ['Students with Disabilities', 'Accommodations'],
      notHeadings: ['Attendance'],
    },
  },
} satisfies Record<string, ConceptDefinition>;

export type Concept = keyof typeof CONCEPTS;
export const CONCEPT_NAMES = Object.keys(CONCEPTS) as Concept[];
export const definitionOf = (concept: Concept): ConceptDefinition => CONCEPTS[concept];

/**
 * Kinds of answer that belong to no one concept: a length, a count, an amount. "How many quizzes"
 * and "how long is the paper" ask for a number about any subject.
 */
export const MEASURES: AnswerShape[] = [
  {
    // a length or a duration: "how long is the paper", "how many pages", "how long is the exam"
    question: new RegExp(`\\bhow long\\b|${HOW_MANY_UNITS.source}`, 'i'),
    evidence: MEASURE,
    answerWords: new RegExp(`^(long|${MEASURE_UNITS})$`),
    examples: {
      asks: ['how long is the paper', 'how many pages is the essay'],
      doesNotAsk: ['how many quizzes are there'],
      holds: ['The paper is 5-7 double-spaced pages.', 'The exam is 50 minutes long.'],
      doesNotHold: ['The paper is due in week 5.'],
    },
  },
  {
    // a count: "how many quizzes", not a share of the grade
    question: /\bhow many\b/i,
    unless: HOW_MANY_UNITS,
    evidence: COUNT,
    examples: {
      asks: ['how many quizzes are there'],
      doesNotAsk: ['how many pages is the essay'],
      holds: ['There are ten quizzes.', 'We drop 2 quizzes.'],
      doesNotHold: ['Quizzes are 20% of the grade.'],
    },
  },
  {
    question: /\b(how much|how often|how far)\b/i,
    unless: SHARE_QUESTION,
    evidence: NUMBER,
    answerWords: /^(often)$/,
    examples: {
      asks: ['how often are quizzes given', 'how much does the book cost'],
      doesNotAsk: ['how much is the final worth'],
      holds: ['Quizzes are given twice a week.', 'The book costs $40.'],
      doesNotHold: ['Quizzes are given in class.'],
    },
  },
];

/** Every kind of answer a question may ask for. */
export const ANSWER_SHAPES: AnswerShape[] = [
  ...CONCEPT_NAMES.flatMap((c) => definitionOf(c).answers ?? []),
  ...MEASURES,
];

/** The kinds of answer a question asks for. */
export const answerShapesOf = (question: string) =>
  ANSWER_SHAPES.filter((a) => a.question.test(question) && !a.unless?.test(question));
