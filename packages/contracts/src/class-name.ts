/** A class as it is named: its name, course code and term. */
type NamedClass = {
  class_name: string;
  course_code: string | null;
  semester: string | null;
  year: number | null;
};

/** "Fall 2026", or null for a class without a semester or year. */
export const classTerm = (item: Pick<NamedClass, 'semester' | 'year'>): string | null =>
  item.semester !== null && item.year !== null ? `${item.semester} ${item.year}` : null;

/**
 * A class named where the teacher chooses or recognises it among their classes, its term included
 * (issue 31: a course taught again is two classes of one name): "Cell Biology (BIOL 201) · Fall
 * 2026". Pickers, filters, e-mails and Slack's class list all say it so.
 */
export function classChoiceName(item: NamedClass): string {
  const term = classTerm(item);
  return `${item.class_name}${item.course_code ? ` (${item.course_code})` : ''}${term ? ` · ${term}` : ''}`;
}
