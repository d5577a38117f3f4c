// Saves a CSV export the API serves behind the Authorization header (a plain link cannot send it).
import { apiDownload } from '../../../lib/api-client';

export async function downloadExport(path: string): Promise<void> {
  const { blob, filename } = await apiDownload(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
