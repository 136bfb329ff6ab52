/**
 * Staff: each person's role, e-mail, phone, office and office hours. Labelled lines, lines under
 * a staff heading or a person's name, the block at the top, first-person sentences ("My office
 * is …"). Contact details belong to the person last named.
 */
import {
  EMAIL,
  fieldOf,
  isPersonName,
  OFFICE_HOURS_VALUE,
  PHONE,
  ROLE_LEAD,
  TIME,
  DAYS,
  type Field,
  type Topic,
} from '../patterns.ts';
import { sentences } from '../text.ts';
import { TOP_LINES, type DocLine, type Labelled } from '../document.ts';
import { Facts, words, type Fact } from '../fact.ts';
import { isDaysAndHours } from './meetings.ts';

type Role = 'Instructor' | 'TA';

/** The name at the start of a value ("Dr. Jane Roe (she/her) jroe@x.edu" → "Dr. Jane Roe"). */
export function leadingName(value: string): string | null {
  const head = value.split(/\s*(?:[(<|;]|\s[-–—]\s|,\s*(?=[a-z0-9])|\S+@\S+|https?:)/)[0]!.trim();
  const tokens = head.split(/\s+/);
  for (let n = Math.min(tokens.length, 7); n >= 2; n--) {
    const candidate = tokens.slice(0, n).join(' ').replace(/[,:]$/, '');
    if (isPersonName(candidate)) return candidate;
  }
  return null;
}

const TITLE = /^(?:Dr|Prof|Professor|Mr|Ms|Mrs|Mx)\.?\s+/;

/**
 * The person an address belongs to when its local part spells their name ("viveks@" is Vivek
 * Srikrishnan's, "ga345@" Gabriela Ackermann's): columns of names and addresses lose their order.
 */
function ownerOf(people: string[], email: string): string | null {
  const local = email.split('@')[0]!.toLowerCase();
  for (const person of people) {
    const parts = person
      .replace(TITLE, '')
      .replace(/,.*$/, '')
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => /^\p{L}/u.test(w));
    const initials = parts.map((w) => w[0]).join('');
    if (parts.some((w) => w.length >= 3 && local.includes(w.replace(/[^\p{L}]/gu, ''))))
      return person;
    if (initials.length >= 2 && new RegExp(`^${initials}\\d`).test(local)) return person;
  }
  return null;
}

/** Office hours name a day, a time, an appointment or where to look; prose is left alone. */
function isOfficeHours(value: string): boolean {
  return DAYS.test(value) || TIME.test(value) || OFFICE_HOURS_VALUE.test(value);
}

/** "My office is Stevenson 341. My email is x@y." — first-person contact sentences. */
const FIRST_PERSON =
  /\bmy (office hours|office|e-?mail(?: address)?|phone(?: number)?)\b[^.]*?\b(?:is|are|will be)\s+(.+)$/i;

const STAFF_FIELDS: ReadonlySet<Field> = new Set([
  'instructor',
  'ta',
  'email',
  'phone',
  'office',
  'office_hours',
]);

export function readStaff(lines: readonly DocLine[]): Fact[] {
  const out = new Facts();
  /** the person the following contact details belong to */
  let person = null as { name: string; role: Role } | null;
  const people = () => out.list.filter((f) => f.attribute === 'role').map((f) => f.subject);
  const subject = () => person?.name ?? 'Instructor';
  const roleIn = (topics: Set<Topic>): Role =>
    topics.has('ta') && !topics.has('staff') ? 'TA' : 'Instructor';

  /** "Dr. Matthew Crump" and "Matthew Crump" are one person: the name as first written. */
  const setPerson = (line: DocLine, raw: string, role: Role) => {
    const bare = (n: string) => n.replace(TITLE, '').toLowerCase();
    const name = people().find((p) => bare(p) === bare(raw)) ?? raw;
    person = { name, role };
    out.add(line, 'staff', name, 'role', role);
  };
  const addContacts = (line: DocLine, text: string, owner = subject()) => {
    for (const m of text.matchAll(EMAIL)) {
      const value = m[0].replace(/\.$/, '');
      out.add(line, 'staff', ownerOf(people(), value) ?? owner, 'email', value);
    }
    for (const m of text.matchAll(PHONE)) out.add(line, 'staff', owner, 'phone', m[0]);
  };
  const addPeople = (line: DocLine, value: string, role: Role) => {
    const parts = value
      .split(/\s*(?:;|,|\band\b|&)\s*(?=[A-Z])(?!Ph\.?\s?D|M\.?[AS]\.?\b|MBA\b|Jr\b|Sr\b)/)
      .map((p) => p.trim())
      .filter(Boolean);
    let found = false;
    for (const part of parts) {
      const name = leadingName(part) ?? (isPersonName(part) ? part : null);
      if (!name) continue;
      setPerson(line, name, role);
      found = true;
      addContacts(line, part.slice(name.length), name);
    }
    if (!found) addContacts(line, value);
  };
  const applyField = (line: DocLine, { field, value }: Labelled) => {
    if (field === 'instructor' || field === 'ta')
      addPeople(line, value, field === 'ta' ? 'TA' : 'Instructor');
    else if (field === 'email' || field === 'phone') addContacts(line, value);
    else if (value)
      out.add(line, 'staff', subject(), field, value.replace(EMAIL, '').trim() || value);
  };
  /** Lines under a staff heading: a name starts a person, contact details attach to them. */
  const readStaffLine = (line: DocLine) => {
    // "Name: Yu Chen" under a TA heading
    // and icon glyphs a PDF leaves before each detail ("i Vivek Srikrishnan")
    const text = line.text.replace(/^name\s*:\s*/i, '').replace(/^[^\sA-Z]\s+(?=\S)/u, '');
    const name = leadingName(text) ?? (isPersonName(text) ? text : null);
    if (name && line.kind !== 'row') {
      setPerson(line, name, roleIn(line.topics));
      addContacts(line, text.slice(name.length), name);
    } else if (/@/.test(line.text) && words(line.text) <= 4) addContacts(line, line.text);
  };
  const readFirstPerson = (line: DocLine) => {
    for (const s of sentences(line.text)) {
      const m = FIRST_PERSON.exec(s);
      if (!m) continue;
      const field = fieldOf(m[1]!.toLowerCase());
      const value = m[2]!.replace(/\.$/, '');
      if (field === 'email' || field === 'phone') addContacts(line, value);
      else if (field === 'office' || field === 'office_hours')
        out.add(line, 'staff', subject(), field, value, s);
    }
  };
  /** A name alone with an address or an office in the line after it ("David Sanson" / "My office is …"). */
  const isNameAboveContacts = (line: DocLine) => {
    const next = lines[line.index + 1]?.text ?? '';
    return isPersonName(line.text) && (/@/.test(next) || /\boffice\b/i.test(next));
  };

  for (const line of lines) {
    const { topics, index, text } = line;
    const staffed = topics.has('staff') || topics.has('ta');
    if (line.personHeading) {
      setPerson(line, text, line.underPerson && person ? person.role : roleIn(topics));
      continue;
    }
    if (line.kind === 'heading') {
      const name = leadingName(text);
      if (name && (index < TOP_LINES || topics.has('staff')) && text.search(EMAIL) !== -1) {
        setPerson(line, name, 'Instructor');
        addContacts(line, text);
      }
      continue;
    }
    if (line.listedUnder) {
      const field = line.listedUnder;
      if (field === 'email' || field === 'phone') addContacts(line, text);
      else if (field !== 'office_hours' || isOfficeHours(text))
        out.add(line, 'staff', subject(), field, text);
      continue;
    }
    const { lead, parts } = line;
    const role = lead ? ROLE_LEAD.exec(lead) : null;
    const roleName = role ? leadingName(lead.slice(role[0].length)) : null;
    if (role && roleName && parts.length) {
      setPerson(line, roleName, role[2] ? 'TA' : 'Instructor');
    } else if (lead && parts.length && ((index < TOP_LINES * 2 && !person) || staffed)) {
      const name = leadingName(lead);
      if (name) setPerson(line, name, roleIn(topics));
    }
    for (const p of parts) if (STAFF_FIELDS.has(p.field)) applyField(line, p);
    if (parts.length) continue;
    if (staffed || line.underPerson) readStaffLine(line);
    else if (index < TOP_LINES && !person && /@/.test(text)) {
      const name = leadingName(text.replace(/^(?:professor|instructor)\s+/i, ''));
      if (name) setPerson(line, name, 'Instructor');
      addContacts(line, text);
    } else if (index < TOP_LINES && !person) {
      // "Professor Jane Roe", or a name alone under the title: the course's instructor
      const m = /^(?:Professor|Prof\.|Instructor)\s+(.+)$/.exec(text);
      const name = m ? leadingName(m[1]!) : isNameAboveContacts(line) ? text : null;
      if (name) setPerson(line, name, 'Instructor');
    }
    if (line.fills === 'office_hours' && words(text) <= 20 && isOfficeHours(text))
      out.add(line, 'staff', subject(), 'office_hours', text);
    readFirstPerson(line);
    // days and hours under a person or a staff heading are their office hours
    const theirs = topics.has('office_hours') || staffed || line.underPerson;
    if (theirs && person && isDaysAndHours(line))
      out.add(line, 'staff', person.name, 'office_hours', text);
  }
  return out.list;
}
