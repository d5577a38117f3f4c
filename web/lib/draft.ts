// What a person typed before a detour through sign-in, sign-up and the verification e-mail (docs/product.md 26.3):
// kept in this browser's localStorage (the e-mailed link opens another tab) under a key naming the form and the
// practice, for a day (as long as the verification link works), and dropped once sent. Nothing is kept when storage
// is refused (a private window's quota): the form then starts empty, as it did before.
import { now } from './clock';

/** How long a draft is kept: as long as the e-mailed verification link works. */
export const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

const PREFIX = 'animaldoctorDraft:';

interface Stored<T> {
  savedAt: number;
  value: T;
}

/** The kept draft, or undefined when there is none or it is older than a day (then it is removed). */
export function readDraft<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Stored<T>;
    if (typeof stored.savedAt !== 'number' || now().getTime() - stored.savedAt > DRAFT_LIFETIME_MS) {
      localStorage.removeItem(PREFIX + key);
      return undefined;
    }
    return stored.value;
  } catch {
    return undefined;
  }
}

export function saveDraft<T>(key: string, value: T): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ savedAt: now().getTime(), value } satisfies Stored<T>));
  } catch {
    // Storage refused: the draft is not kept.
  }
}

export function dropDraft(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing was kept.
  }
}
