import { classTerm, type ClassItem } from '@app/contracts';

export interface ClassGroup {
  key: string;
  label: string;
  isCurrent: boolean;
  classes: ClassItem[];
}

// one naming of a class for the web, e-mails and Slack (packages/contracts)
export { classChoiceName, classTerm } from '@app/contracts';

/** Within a year: Fall, Summer, Spring (SPEC §9); Winter after Spring. */
const SEMESTER_RANK: Record<string, number> = { Fall: 0, Summer: 1, Spring: 2, Winter: 3 };
const OTHER = 'Other';

/**
 * SPEC §2 Dashboard: groups by semester and year, newest year first, then Fall, Summer, Spring
 * (Winter last); classes missing a semester or year go to a final 'Other' group. Classes within a
 * group are sorted by name. `currentSeason` is e.g. "Fall 2025".
 */
export function groupClasses(classes: ClassItem[], currentSeason?: string | null): ClassGroup[] {
  const groups = new Map<string, ClassGroup & { year: number; rank: number }>();
  for (const item of classes) {
    const term = classTerm(item);
    const dated = term !== null;
    const key = term ?? OTHER;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        label: key,
        isCurrent: dated && key === currentSeason,
        classes: [],
        year: dated ? (item.year as number) : Number.NEGATIVE_INFINITY,
        rank: dated ? (SEMESTER_RANK[item.semester as string] ?? 9) : 99,
      };
      groups.set(key, group);
    }
    group.classes.push(item);
  }
  return [...groups.values()]
    .sort((a, b) => b.year - a.year || a.rank - b.rank)
    .map(({ year: _year, rank: _rank, ...group }) => ({
      ...group,
      classes: [...group.classes].sort((a, b) =>
        a.class_name.localeCompare(b.class_name, undefined, { sensitivity: 'base', numeric: true }),
      ),
    }));
}
