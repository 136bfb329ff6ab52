/** Hands a blob to the browser as a download through a temporary object URL. */
export function saveFile(blob: Blob, filename: string) {
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
