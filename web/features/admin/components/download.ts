// Saves a CSV export the API serves behind the Authorization header (a plain link cannot send it).
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export async function downloadExport(path: string): Promise<void> {
  const { blob, filename } = await apiDownload(path);
  saveFile(blob, filename);
}
