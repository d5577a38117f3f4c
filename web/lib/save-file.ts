// Hands a file made or fetched in the page to the browser as a download (a CSV export, for instance).

export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  // NOTE: Firefox clicks only a link that is in the document.
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the object URL would otherwise hold the blob until the page closes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
