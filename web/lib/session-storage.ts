// The session token lives in localStorage under the spec's key (section 3).
import { JWT_STORAGE_KEY, OWN_PROFILE_COOKIE } from '../../shared/constants/messages';

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

/**
 * Names the signed-in user to the profile pages the server sends, so a vet's own visit is not counted as a view
 * (docs/decisions/068-profile-view-counted-with-the-page.md). Only an id, sent only under /viewdoctorprofile.
 */
export function markOwnProfile(userId: number | undefined): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = userId === undefined ? '; Max-Age=0' : `${userId}; Max-Age=31536000`;
  document.cookie = `${OWN_PROFILE_COOKIE.name}=${value}; Path=${OWN_PROFILE_COOKIE.path}; SameSite=Lax${secure}`;
}
