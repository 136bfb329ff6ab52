import { EMAIL } from '../facts/patterns.ts';

/**
 * The check a model's reply passes before a student sees it as an answer (decision 013). Pure.
 *
 * 1. Every passage it cites was sent: a marker [n] names one of the passages numbered in the prompt.
 * 2. Every checkable claim it states occurs in what the model was given (the passages and facts):
 *    dates, times of day, rooms, e-mail addresses, other numbers, and names (a capitalised word
 *    inside a sentence: people, buildings, tools). Each is compared in a normal form, so "2 pm"
 *    is "2:00 PM", "Oct. 14" is "October 14", "Rm 48" is "Room 48" and "three" is "3".
 * 3. It repeats nothing only the material's planted instructions say: those sentences are never
 *    sent (content/planted-instructions.ts), so a word the reply shares with them and not with
 *    the material sent means it follows them, or made something up. (Not the question's words
 *    either: "Is the final cancelled?" must not license "The final is cancelled.")
 *
 * Words a reply may say freely (weekdays, "percent", paraphrase) are not claims: a checked claim
 * is a thing that is either in the material or wrong.
 */

export type GroundingInput = {
  /** the reply's text, citation markers removed */
  text: string;
  /** the passage numbers the reply cites */
  cited: number[];
  /** how many passages the prompt numbered (1…passageCount) */
  passageCount: number;
  /** everything the model was given as material: passage titles, headings and bodies, fact lines */
  context: string[];
  /** the sentences of the class's material addressed to an AI model (kept out of the prompt) */
  planted?: string[];
};

/** Passed, or the reasons it failed, in words for the log ("states 'October 21', not in …"). */
export type Grounding = { grounded: true } | { grounded: false; reasons: string[] };

const MONTHS = 'jan feb mar apr may jun jul aug sep oct nov dec'.split(' ');
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const ORDINAL = '(?:st|nd|rd|th)?';
/** "October 14", "Oct. 14th", "14 October", "14th of Oct", "10/14" (month first, as US courses write) */
const DATE_PATTERNS: { pattern: RegExp; read: (m: RegExpMatchArray) => string | null }[] = [
  {
    pattern: new RegExp(
      // "Oct 14: Midterm" is a date; "may 2:30" and "may 2 pm" are times
      `\\b${MONTH}\\.?\\s+(\\d{1,2})${ORDINAL}\\b(?!:\\d|\\s*[ap]\\.?\\s?m(?![a-z]))`,
      'gi',
    ),
    read: (m) => monthDay(m[1]!, m[2]!),
  },
  {
    // not "chapters 1 and 2 may be skipped"
    pattern: new RegExp(`\\b(\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?${MONTH}\\b\\.?(?!\\s+[a-z])`, 'gi'),
    read: (m) => monthDay(m[2]!, m[1]!),
  },
  {
    pattern: /\b(\d{1,2})\/(\d{1,2})(?:\/(?:\d{4}|\d{2}))?\b/g,
    read: (m) => numericDate(m[1]!, m[2]!),
  },
];
// the abbreviation's last dot stays: it may end the sentence ("…at 2 p.m. Bring a pencil")
const MERIDIEM = '([ap])\\.?\\s?m(?![a-z])';
/** "2 pm", "2:00pm", "2:00 p.m.", "14:00", "noon" */
const TIME_PATTERNS: { pattern: RegExp; read: (m: RegExpMatchArray) => string[] }[] = [
  {
    pattern: new RegExp(`\\b(\\d{1,2})(?::(\\d{2}))?\\s*${MERIDIEM}`, 'gi'),
    read: (m) => clock(Number(m[1]), Number(m[2] ?? 0), m[3]!),
  },
  {
    pattern: /\b(\d{1,2}):(\d{2})\b/g,
    read: (m) => clock(Number(m[1]), Number(m[2]), null),
  },
  { pattern: /\bnoon\b/gi, read: () => ['12:00'] },
  { pattern: /\bmidnight\b/gi, read: () => ['0:00'] },
];
/** The words that make a number a room: "Science Hall 210", "Rm 48", "Room 1.05", "Bldg. 7". */
const PLACE_WORDS = [
  ...['room', 'rm', 'hall', 'building', 'bldg', 'center', 'centre', 'library', 'auditorium'],
  ...['lab', 'laboratory', 'annex', 'tower', 'pavilion', 'gym', 'studio', 'theater', 'theatre'],
]
  .map((w) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}`)
  .join('|');
// up to three capitalised words of the building's name before it (case matters: not "in the")
const ROOM = new RegExp(
  `((?:\\b\\p{Lu}[\\p{L}'-]*\\s+){0,3})\\b(${PLACE_WORDS})\\b\\.?\\s*#?\\s*(\\d{1,4}(?:\\.\\d{1,3})?[A-Za-z]?)\\b`,
  'gu',
);
/** A room number is the room's when it is this many words from the room's name or kind. */
const ROOM_WINDOW = 4;
const PLACE_ALIASES: Record<string, string> = { rm: 'room', bldg: 'building', centre: 'center' };
const NUMBER = /\d+(?:,\d{3})*(?:\.\d+)?/g;
/** Number words a reply may use for digits in the material, and the other way round. */
const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
};
// "one" is left out: it is as often a pronoun ("one of the quizzes") as a count
const NUMBER_WORD = new RegExp(`\\b(${Object.keys(NUMBER_WORDS).join('|')})\\b`, 'gi');
/** Capitalised words that are not names: days and months (dates are checked as dates), titles. */
const NOT_NAMES = new Set([
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  ...['mon', 'tue', 'tues', 'wed', 'thu', 'thur', 'thurs', 'fri', 'sat', 'sun'],
  ...['january', 'february', 'march', 'april', 'june', 'july', 'august', 'september'],
  ...['october', 'november', 'december', ...MONTHS, 'sept'],
  ...['professor', 'prof', 'dr', 'mr', 'mrs', 'ms', 'mx', 'dean', 'instructor'],
]);
/** Planted words this short are function words ("the", "and", "is"), not content. */
const MIN_ECHO_LETTERS = 4;

function monthDay(month: string, day: string): string | null {
  const m = MONTHS.indexOf(month.slice(0, 3).toLowerCase()) + 1;
  const d = Number(day);
  return m > 0 && d >= 1 && d <= 31 ? `${m}-${d}` : null;
}

function numericDate(month: string, day: string): string | null {
  const m = Number(month);
  const d = Number(day);
  return m >= 1 && m <= 12 && d >= 1 && d <= 31 ? `${m}-${d}` : null;
}

/** A time of day on the 24-hour clock ("14:05"); without am/pm, both readings of the hour. */
function clock(hour: number, minute: number, meridiem: string | null): string[] {
  if (hour > 23 || minute > 59) return [];
  const at = (h: number) => `${h}:${String(minute).padStart(2, '0')}`;
  if (meridiem) {
    if (hour < 1 || hour > 12) return [];
    const pm = meridiem.toLowerCase() === 'p';
    return [at((hour % 12) + (pm ? 12 : 0))];
  }
  if (hour > 12) return [at(hour)];
  return hour === 12 ? [at(12), at(0)] : [at(hour), at(hour + 12)];
}

function normalNumber(raw: string): string {
  const n = Number(raw.replace(/,/g, ''));
  return Number.isFinite(n) ? String(n) : raw;
}

/** Typographic variants as plain characters (quotes, dashes, no-break spaces); lines kept. */
function plainText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/[^\S\n]+/g, ' ');
}

const wordsOf = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];
/** A light stem, so that "cancelled", "canceled" and "cancel" are one word. */
const stem = (word: string) =>
  word
    .replace(/(?:ies)$/, 'y')
    .replace(/(?:es|s|ed|ing|ly)$/, '')
    .replace(/([b-df-hj-np-tv-z])\1$/, '$1');

/** Each match of the patterns, read; the matched text blanked so later readers skip it. */
function take<T>(
  text: string,
  patterns: { pattern: RegExp; read: (m: RegExpMatchArray) => T }[],
): { found: { raw: string; value: T }[]; rest: string } {
  const found: { raw: string; value: T }[] = [];
  let rest = text;
  for (const { pattern, read } of patterns) {
    for (const m of rest.matchAll(pattern)) found.push({ raw: m[0], value: read(m) });
    rest = rest.replace(pattern, (m) => ' '.repeat(m.length));
  }
  return { found, rest };
}

/** What the material sent says, in the normal forms claims are compared in. */
type ContextIndex = {
  words: Set<string>;
  tokens: string[];
  numbers: Set<string>;
  dates: Set<string>;
  times: Set<string>;
  emails: Set<string>;
};

function indexContext(parts: string[]): ContextIndex {
  const text = plainText(parts.join('\n'));
  // every reading of a date: "… ends on 15 Feb.\n9 March …" is 15 February whatever follows
  const dates = DATE_PATTERNS.flatMap((p) => take(text, [p]).found.flatMap((d) => d.value ?? []));
  const times = take(text, TIME_PATTERNS).found.flatMap((t) => t.value);
  const numbers = [
    ...(text.match(NUMBER) ?? []).map(normalNumber),
    ...[...text.matchAll(NUMBER_WORD)].map((m) => String(NUMBER_WORDS[m[1]!.toLowerCase()])),
  ];
  return {
    words: new Set(wordsOf(text)),
    tokens: roomTokens(text),
    numbers: new Set(numbers),
    dates: new Set(dates),
    times: new Set(times),
    emails: new Set((text.match(EMAIL) ?? []).map((e) => e.toLowerCase())),
  };
}

/** Words and numbers in order, place words in one spelling: where a room number sits. */
function roomTokens(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}+|\d+(?:\.\d+)?[a-z]?/gu) ?? []).map(
    (t) => PLACE_ALIASES[t] ?? t,
  );
}

/** The room's number within ROOM_WINDOW tokens of one of its words (its name, or "room", "hall"). */
function roomInContext(words: string[], number: string, tokens: string[]): boolean {
  const wanted = new Set(words.map((w) => PLACE_ALIASES[w] ?? w));
  return tokens.some(
    (t, i) =>
      t === number &&
      tokens.slice(Math.max(0, i - ROOM_WINDOW), i + ROOM_WINDOW + 1).some((w) => wanted.has(w)),
  );
}

/** Where a sentence, line or clause after a colon starts; not after a title ("Dr. Kim"). */
const STARTS = /(?:^|[.!?:;\n])[\s"'(*•-]*$/;
const AFTER_TITLE = /\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|St)\.\s*$/;

/** The capitalised words inside sentences ("Kim", "McDonald"; not an acronym like "TA", nor "I"). */
function namesIn(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/\p{L}[\p{L}']*/gu)) {
    const before = text.slice(0, m.index);
    if (STARTS.test(before) && !AFTER_TITLE.test(before)) continue;
    const word = m[0].replace(/'s?$/, '');
    // "Tuesdays" is a day too
    const lower = word.toLowerCase();
    const named = !NOT_NAMES.has(lower) && !NOT_NAMES.has(lower.replace(/s$/, ''));
    if (named && /^\p{Lu}.*\p{Ll}/u.test(word)) names.push(word);
  }
  return names;
}

/** Checks a model's reply against what it was given; see the comment at the top. */
export function checkGrounding(input: GroundingInput): Grounding {
  const reasons: string[] = [];
  for (const n of input.cited)
    if (!Number.isInteger(n) || n < 1 || n > input.passageCount)
      reasons.push(`cites passage [${n}], but ${input.passageCount} were sent`);

  const context = indexContext(input.context);
  const missing = (what: string, raw: string) =>
    reasons.push(`states ${what} "${raw.trim()}", not in the material sent`);

  let text = plainText(input.text);
  for (const email of text.match(EMAIL) ?? [])
    if (!context.emails.has(email.toLowerCase())) missing('the e-mail address', email);
  text = text.replace(EMAIL, ' ');

  const dates = take(text, DATE_PATTERNS);
  for (const d of dates.found)
    if (d.value && !context.dates.has(d.value)) missing('the date', d.raw);
  const times = take(dates.rest, TIME_PATTERNS);
  for (const t of times.found)
    if (t.value.length && !t.value.some((v) => context.times.has(v))) missing('the time', t.raw);

  let rest = times.rest;
  for (const m of rest.matchAll(ROOM)) {
    const names = wordsOf(m[1] ?? '');
    const known = names.every((w) => context.words.has(w));
    if (
      !known ||
      !roomInContext([...names, m[2]!.toLowerCase()], m[3]!.toLowerCase(), context.tokens)
    )
      missing('the room', m[0]);
  }
  rest = rest.replace(ROOM, (m) => ' '.repeat(m.length));

  for (const raw of rest.match(NUMBER) ?? [])
    if (!context.numbers.has(normalNumber(raw))) missing('the number', raw);
  for (const m of rest.matchAll(NUMBER_WORD))
    if (!context.numbers.has(String(NUMBER_WORDS[m[1]!.toLowerCase()])))
      missing('the number', m[0]);

  for (const name of new Set(namesIn(rest)))
    if (wordsOf(name).some((w) => !context.words.has(w))) missing('the name', name);

  const echoed = plantedEcho(input, context.words);
  if (echoed.length)
    reasons.push(`repeats ${echoed.map((w) => `"${w}"`).join(', ')} from text addressed to an AI`);

  return reasons.length ? { grounded: false, reasons } : { grounded: true };
}

/**
 * The reply's words that the planted sentences hold and the material sent does not (compared by
 * stem).
 */
function plantedEcho(input: GroundingInput, contextWords: Set<string>): string[] {
  if (!input.planted?.length) return [];
  const planted = new Set(wordsOf(input.planted.join(' ')).map(stem));
  const seen = new Set([...contextWords].map(stem));
  return [
    ...new Set(
      wordsOf(input.text).filter(
        (w) => w.length >= MIN_ECHO_LETTERS && planted.has(stem(w)) && !seen.has(stem(w)),
      ),
    ),
  ];
}
