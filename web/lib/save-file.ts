// Hands a file to the browser as a download: one made or fetched in the page (a CSV export, for instance), or a
// same-site address the browser downloads itself (a backup's signed link: streamed to disk, never held in memory).

/** Starts the browser's own download of `url` under `filename`. */
export function downloadUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  // NOTE: Firefox clicks only a link that is in the document.
  document.body.append(link);
  link.click();
  link.remove();
}

export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, filename);
  // The download has started by now; the object URL would otherwise hold the blob until the page closes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
