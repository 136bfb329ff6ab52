import {
  CONTENT_FILE_EXTENSIONS,
  CONTENT_MAX_FILE_BYTES,
  CONTENT_MESSAGES,
  TITLE_MAX_LENGTH,
} from '@app/contracts';

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

/** Title from a file name without its extension. */
export function titleFromFileName(name: string): string {
  return cutTitle(name.replace(/\.[^.]+$/, '')) || cutTitle(name);
}

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
