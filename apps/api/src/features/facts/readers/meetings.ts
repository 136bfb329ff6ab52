/**
 * Meetings: when and where each kind of session meets (lecture, lab, recitation, discussion,
 * online), and the class's format. Labelled lines, and a line of days and hours under a heading.
 */
import {
  CLOCK_TIME,
  DAYS,
  DAYS_AT_START,
  PLACE_FUNCTION_WORDS,
  TIME,
  type Field,
} from '../patterns.ts';
import type { DocLine } from '../document.ts';
import { Facts, words, type Fact } from '../fact.ts';

/** A meeting line is short: days, times and a room. */
const MEETING_LINE_MAX_WORDS = 14;

/** "Section 02: …", "Lab B: …" before a meeting's days and times */
const SECTION_PREFIX =
  /^((?:section|sec\.?|lab|lecture|recitation|discussion)\s*[\w-]{1,4})\s*:\s*/i;

type MeetingKind = 'Lecture' | 'Lab' | 'Recitation' | 'Discussion' | 'Online';

function meetingKind(label: string): MeetingKind | null {
  if (/\blab(?:orator(?:y|ies))?s?\b/i.test(label)) return 'Lab';
  if (/\brecitations?\b/i.test(label)) return 'Recitation';
  if (/\b(?:discussions?|sections?|tutorials?)\b/i.test(label)) return 'Discussion';
  if (/\b(?:online|asynchronous|zoom|remote)\b/i.test(label)) return 'Online';
  if (/\b(?:lectures?|class(?:es)?|meetings?|seminars?|sessions?)\b/i.test(label)) return 'Lecture';
  return null;
}

/** A short line that opens with days and gives clock times, outside a schedule or exam section. */
export function isDaysAndHours(line: DocLine): boolean {
  if (words(line.text) > MEETING_LINE_MAX_WORDS) return false;
  const body = line.text.replace(SECTION_PREFIX, '');
  if (!DAYS_AT_START.test(body) || !TIME.test(body) || !CLOCK_TIME.test(body)) return false;
  return !line.topics.has('schedule') && !line.topics.has('exam');
}

/** A place is a name: its words (outside parentheses) are capitalised or hold figures. */
function isPlaceName(p: string): boolean {
  const ws = p
    .replace(/\([^)]*\)/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const lower = ws.filter((w) => /^\p{Ll}/u.test(w) && !PLACE_FUNCTION_WORDS.test(w));
  return lower.length <= 1;
}

/** Splits "MW 9:05-9:55am, Statler 265" into its time and its place. */
function splitMeeting(value: string): { time: string | null; place: string | null } {
  const parts = value
    .split(/\s*(?:[,;|@]|\bin\b(?=\s+[A-Z0-9]))\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  const time: string[] = [];
  const place: string[] = [];
  for (const p of parts) {
    if (TIME.test(p) || (DAYS.test(p) && words(p) <= 4 && DAYS_AT_START.test(p))) time.push(p);
    else if (/\d/.test(p) || /^[A-Z]/.test(p)) {
      if (
        words(p) <= 6 &&
        isPlaceName(p) &&
        !/\b(?:appointment|request|canvas|see|tbd|tba)\b/i.test(p)
      )
        place.push(p);
    }
  }
  return {
    time: time.length ? time.join(', ') : null,
    place: place.length ? place.join(', ') : null,
  };
}

export function readMeetings(lines: readonly DocLine[]): Fact[] {
  const out = new Facts();
  const addMeeting = (line: DocLine, kind: MeetingKind, value: string, field: Field) => {
    let subject: string = kind;
    let v = value;
    const section = SECTION_PREFIX.exec(v);
    if (section) {
      subject = `${kind} (${section[1]!.replace(/\s+/g, ' ')})`;
      v = v.slice(section[0].length);
    }
    if (field === 'place') {
      if (words(v) <= 10 && isPlaceName(v)) out.add(line, 'meeting', subject, 'place', v);
      return;
    }
    const { time, place } = splitMeeting(v);
    if (time) out.add(line, 'meeting', subject, 'time', time);
    if (place && (time || field !== 'time')) out.add(line, 'meeting', subject, 'place', place);
  };

  for (const line of lines) {
    if (line.kind === 'heading' || line.listedUnder) continue;
    for (const { field, label, value } of line.parts) {
      if (field === 'mode' && value && words(value) <= 8)
        out.add(line, 'meeting', 'Class', 'format', value);
      if (field !== 'time' && field !== 'place' && field !== 'meeting') continue;
      if (!value || line.topics.has('office_hours')) continue;
      addMeeting(line, meetingKind(label) ?? meetingKind(line.heading) ?? 'Lecture', value, field);
    }
    // days and hours under a person or a staff heading are their office hours (staff.ts)
    const staff = (['office_hours', 'staff', 'ta'] as const).some((t) => line.topics.has(t));
    if (line.parts.length === 0 && !staff && !line.underPerson && isDaysAndHours(line))
      addMeeting(line, meetingKind(line.heading) ?? 'Lecture', line.text, 'meeting');
  }
  return out.list;
}
