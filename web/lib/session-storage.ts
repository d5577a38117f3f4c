// The session token lives in localStorage under the spec's key (section 3).
import { JWT_STORAGE_KEY } from '../../shared/constants/messages';

export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(JWT_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    localStorage.setItem(JWT_STORAGE_KEY, token);
  } catch {
    // Private mode or full storage: the session lasts this page only.
  }
}

export function removeStoredToken(): void {
  try {
    localStorage.removeItem(JWT_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
