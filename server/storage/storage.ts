// The one storage interface for uploaded files (docs/product.md, Beyond one machine: app servers keep no files of
// their own). Keys are opaque, URL-safe names chosen by the caller; a stored object never changes,
// so it can be served with immutable cache headers. Default backend: the database (./database-storage.ts).

export interface StoredObject {
  bytes: Buffer;
  contentType: string;
  size: number;
}

/** One file to store with others in one write (`putAll`). */
export interface FileToStore {
  key: string;
  bytes: Buffer;
  contentType: string;
  ownerId: number | null;
}

export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string, ownerId?: number | null): Promise<void>;
  /** Stores the files all together or none of them (one image's sizes: a backup never holds half an image). */
  putAll(files: FileToStore[]): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  /** Deletes the objects whose key starts with `prefix` (one image's every size). */
  deleteByPrefix(prefix: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Keys are lower-case letters, digits, dots, dashes and slashes; never `..` or a leading slash. */
export const STORAGE_KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function assertKey(key: string): void {
  if (!STORAGE_KEY.test(key) || key.includes('..') || key.length > 200) throw new Error(`invalid storage key: ${key}`);
}
