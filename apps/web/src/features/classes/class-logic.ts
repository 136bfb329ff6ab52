import {
  CONTENT_FILE_EXTENSIONS,
  CONTENT_MAX_FILE_BYTES,
  CONTENT_MESSAGES,
  TITLE_MAX_LENGTH,
} from '@app/contracts';
import { formatUsdExact } from '@/lib/format';
import { paymentErrorText } from '@/lib/payment-error';
import { validateClassCreation } from './api/validate-class-creation';
import { purchaseAddon } from '@/lib/api/purchase-addon';

export const BILLING_BLOCKED = 'Cannot create class due to billing restrictions';

/**
 * SPEC §8 billing check before creating a class. Resolves true when creation may go ahead.
 * The validation call failing lets creation proceed; a cost asks for confirmation and buys one
 * add-on class; no cost means creation is blocked with the server's message.
 */
export async function checkClassCreation(): Promise<boolean> {
  let check;
  try {
    check = await validateClassCreation();
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
      await purchaseAddon({ class_count: 1 });
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
