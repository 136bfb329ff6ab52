import { api } from '@/lib/api-client';

const BOM = '\uFEFF';

/** GET /chat/conversations/{class_id}/export: every conversation of the class as a CSV file. */
export async function exportConversations(classId: string, fallbackName: string) {
  const file = await api.getText(`/chat/conversations/${classId}/export`);
  const type = file.contentType ?? 'text/csv;charset=utf-8';
  // Reading the body as text drops the server's byte order mark; Excel needs it to read UTF-8.
  const text = file.text.startsWith(BOM) ? file.text : BOM + file.text;
  saveFile(new Blob([text], { type }), file.filename ?? fallbackName);
}

/** Hands a blob to the browser as a download through a temporary object URL. */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // revoked later: some browsers read the URL after click() returns
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
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
