import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

const BOM = '\uFEFF';

/** GET /chat/conversations/{class_id}/export: every conversation of the class as a CSV file. */
export async function exportConversations(classId: string, fallbackName: string) {
  const file = await api.getText(`/chat/conversations/${classId}/export`);
  const type = file.contentType ?? 'text/csv;charset=utf-8';
  // Reading the body as text drops the server's byte order mark; Excel needs it to read UTF-8.
  const text = file.text.startsWith(BOM) ? file.text : BOM + file.text;
  saveFile(new Blob([text], { type }), file.filename ?? fallbackName);
}

/** "bio-101-conversations-2025-03-20.csv" */
export function exportFileName(label: string, today = new Date()) {
  const slug =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'class';
  return `${slug}-conversations-${today.toISOString().slice(0, 10)}.csv`;
}
