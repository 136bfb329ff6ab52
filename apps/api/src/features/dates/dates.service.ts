import {
  COMING_UP_DAYS,
  type ClassDates,
  type ClassItem,
  type ComingUpItem,
  type DatedItem,
  type DatedItemUpdate,
  type DateQuestionKind,
} from '@app/contracts';
import { notFound } from '../../errors.ts';
import type { Answer } from '../answering/answerer.ts';
import type { ClassesService } from '../classes/classes.service.ts';
import type { FactsService } from '../facts/facts.service.ts';
import { addDays, longDay, todayIn, type Term } from './calendar.ts';
import { answerDateQuestion, readDateQuestion } from './date-questions.ts';
import { datedItemsOf, toDatedItem, type DatedEntry } from './dated-items.ts';

type Calendar = {
  term_start: string | null;
  term_end: string | null;
  time_zone: string;
  year: number | null;
};

type Deps = {
  facts: Pick<FactsService, 'sheet' | 'update' | 'delete'>;
  classes: Pick<ClassesService, 'get' | 'calendarOf'>;
  now?: () => Date;
  /**
   * ASSISTANT_TODAY (evaluations): the day every class takes as today, YYYY-MM-DD, or `term+N`,
   * the Nth day after each class's term starts (courses of different terms asked on one server)
   */
  today?: string;
};

const termOf = (c: Calendar): Term => ({ start: c.term_start, end: c.term_end });

const comingUpOf = (items: DatedEntry[], today: string): ComingUpItem[] => {
  const last = addDays(today, COMING_UP_DAYS - 1);
  return items
    .filter((i) => i.date >= today && i.date <= last)
    .map(({ date, title, kind }) => ({ date, title, kind }));
};

/**
 * What day it is for a class (issue 30): its dated items (read from its exam and key-date facts,
 * the year from its term), corrected by the teacher as facts are; what is coming up; and the
 * answers to questions about time.
 */
export class DatesService {
  private readonly now: () => Date;

  constructor(private readonly deps: Deps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Today in the class's time zone. */
  today(c: Calendar): string {
    const fixed = this.deps.today;
    const intoTerm = fixed && /^term\+(\d+)$/.exec(fixed);
    if (intoTerm && c.term_start) return addDays(c.term_start, Number(intoTerm[1]));
    if (fixed && !intoTerm) return fixed;
    return todayIn(c.time_zone, this.now());
  }

  async list(teacherId: string, classId: string): Promise<ClassDates> {
    const c = await this.deps.classes.get(teacherId, classId);
    const items = await this.itemsOf(classId, c);
    return {
      items: items.map(toDatedItem),
      today: this.today(c),
      term_start: c.term_start,
      term_end: c.term_end,
      time_zone: c.time_zone,
    };
  }

  /** A new date or title: a teacher correction of the fact the item was read from. */
  async update(
    teacherId: string,
    classId: string,
    itemId: string,
    patch: DatedItemUpdate,
  ): Promise<DatedItem> {
    const c = await this.deps.classes.get(teacherId, classId);
    await this.requireItem(classId, c, itemId);
    const fact = await this.deps.facts.update(teacherId, classId, itemId, {
      ...(patch.date !== undefined ? { value: patch.date } : {}),
      ...(patch.title !== undefined ? { subject: patch.title } : {}),
    });
    const item = (await this.itemsOf(classId, c)).find((i) => i.id === fact.id);
    if (!item) throw notFound('Date');
    return toDatedItem(item);
  }

  /** Hides the item's fact (a teacher's own is deleted). */
  async delete(teacherId: string, classId: string, itemId: string): Promise<void> {
    const c = await this.deps.classes.get(teacherId, classId);
    await this.requireItem(classId, c, itemId);
    await this.deps.facts.delete(teacherId, classId, itemId);
  }

  /** What day it is for the class and its term, in one line (a model's prompt). */
  async todayLine(classId: string): Promise<string> {
    const c = await this.deps.classes.calendarOf(classId);
    const today = this.today(c);
    const term =
      c.term_start && c.term_end
        ? ` The term runs from ${longDay(c.term_start)} to ${longDay(c.term_end)}.`
        : '';
    return `Today is ${longDay(today)} in the class's time zone (${c.time_zone}).${term}`;
  }

  /** The class's dated items in the next COMING_UP_DAYS days (the student chat's card). */
  async comingUp(classId: string): Promise<ComingUpItem[]> {
    const c = await this.deps.classes.calendarOf(classId);
    return comingUpOf(await this.itemsOf(classId, c), this.today(c));
  }

  /** Each class's next dated item from today on (the dashboard's cards). */
  async nextDates(classes: ClassItem[]): Promise<Map<string, ComingUpItem>> {
    const next = await Promise.all(
      classes.map(async (c) => {
        const today = this.today(c);
        const item = (await this.itemsOf(c.id, c)).find((i) => i.date >= today);
        return [c.id, item && { date: item.date, title: item.title, kind: item.kind }] as const;
      }),
    );
    return new Map(next.filter((n): n is [string, ComingUpItem] => n[1] !== undefined));
  }

  /**
   * The reply to a question about time ("what's due this week?"), or null when the question is
   * not one: read from the question alone before anything is loaded.
   */
  async answer(
    classId: string,
    question: string,
  ): Promise<{ answer: Answer; kind: DateQuestionKind } | null> {
    const asked = readDateQuestion(question);
    if (!asked) return null;
    const c = await this.deps.classes.calendarOf(classId);
    const items = await this.itemsOf(classId, c);
    return { answer: answerDateQuestion(asked, items, this.today(c)), kind: asked.kind };
  }

  private async itemsOf(classId: string, c: Calendar): Promise<DatedEntry[]> {
    const fallbackYear = c.year ?? Number(this.today(c).slice(0, 4));
    return datedItemsOf(await this.deps.facts.sheet(classId), termOf(c), fallbackYear);
  }

  private async requireItem(classId: string, c: Calendar, id: string): Promise<DatedEntry> {
    const item = (await this.itemsOf(classId, c)).find((i) => i.id === id);
    if (!item) throw notFound('Date');
    return item;
  }
}
