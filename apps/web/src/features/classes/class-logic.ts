import {
  CONTENT_FILE_EXTENSIONS,
  CONTENT_MAX_FILE_BYTES,
  CONTENT_MESSAGES,
  TITLE_MAX_LENGTH,
  type ClassItem,
} from '@app/contracts';
import { billingApi } from '@/lib/billing-api';
import { classesApi } from '@/lib/classes-api';
import { formatUsdExact } from '@/lib/format';
import { paymentErrorText } from '@/lib/payment-error';

export interface ClassGroup {
  key: string;
  label: string;
  isCurrent: boolean;
  classes: ClassItem[];
}

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
    const dated = item.semester !== null && item.year !== null;
    const key = dated ? `${item.semester} ${item.year}` : OTHER;
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

export const BILLING_BLOCKED = 'Cannot create class due to billing restrictions';

/**
 * SPEC §8 billing check before creating a class. Resolves true when creation may go ahead.
 * The validation call failing lets creation proceed; a cost asks for confirmation and buys one
 * add-on class; no cost means creation is blocked with the server's message.
 */
export async function checkClassCreation(): Promise<boolean> {
  let check;
  try {
    check = await classesApi.validateCreation();
  } catch (error) {
    console.error('Billing validation failed; continuing', error);
    return true;
  }
  if (check.can_create) return true;
  if (check.cost > 0) {
    const ok = window.confirm(
      `${check.message} This will cost ${formatUsdExact(check.cost)}. Do you want to continue?`,
    );
    if (!ok) return false;
    try {
      await billingApi.purchaseAddon({ class_count: 1 });
    } catch (error) {
      window.alert(paymentErrorText(error));
      return false;
    }
    return true;
  }
  window.alert(check.message || BILLING_BLOCKED);
  return false;
}

/** Browser-side check of a wizard upload (SPEC §5); null when the file is acceptable. */
export function fileProblem(file: File, extensions: readonly string[] = CONTENT_FILE_EXTENSIONS) {
  const name = file.name.toLowerCase();
  if (!extensions.some((ext) => name.endsWith(ext))) return CONTENT_MESSAGES.unsupportedType;
  if (file.size > CONTENT_MAX_FILE_BYTES) return CONTENT_MESSAGES.tooLarge;
  return null;
}

/** Add Content modal accepts these (SPEC §2). */
export const ADD_CONTENT_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt', '.xlsx', '.xls'] as const;

export const cutTitle = (title: string) => title.trim().slice(0, TITLE_MAX_LENGTH);

export function formatMb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Title from a file name without its extension. */
export function titleFromFileName(name: string): string {
  return cutTitle(name.replace(/\.[^.]+$/, '')) || cutTitle(name);
}

/** Empty strings become null (SPEC §5 Copy class). */
export const orNull = (value: string | null | undefined) => {
  const v = (value ?? '').trim();
  return v ? v : null;
};

/** Triggers a browser download of `text` as a .txt file. */
export function downloadText(title: string, text: string) {
  const blob = new Blob([text], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${title.replace(/[\\/:*?"<>|]+/g, '_') || 'content'}.txt`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
