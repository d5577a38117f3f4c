// Where a person was going (docs/product.md section 26): sign-in, sign-up, the verification e-mail, checkout and the
// profile wizard carry it as `next`, and both the server (which puts it in the e-mailed link) and the web app (which
// follows it) accept only a path of this site. Anything else is dropped, never followed.
import { routePath } from '../routes';

/** The address parameter that carries it. */
export const NEXT_PARAM = 'next';

/** Longer than any page address of the app with its query; a longer one is not ours. */
export const NEXT_MAX_LENGTH = 1024;

const BASE = 'https://same-site.invalid';

/**
 * `value` when it is a path of this site (`/claim/12`, `/viewdoctorprofile/7?request=open#appointment`), else
 * undefined: not a string, empty, too long, not starting with one `/`, a scheme-relative `//host` or `/\host` (browsers
 * read `\` as `/`), any backslash or control character (a tab or newline inside `/\t/host` is dropped by URL parsers),
 * or anything a URL parser places on another origin.
 */
export function safeNextPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > NEXT_MAX_LENGTH) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return undefined;
  try {
    if (new URL(value, BASE).origin !== BASE) return undefined;
  } catch {
    return undefined;
  }
  return value;
}

/** `path` with `?next=` when there is a safe one to carry (`/signup`, `/claim/3` -> `/signup?next=%2Fclaim%2F3`). */
export function withNext(path: string, next: string | null | undefined): string {
  const safe = safeNextPath(next);
  if (!safe) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ [NEXT_PARAM]: safe })}`;
}

/** Sign-in that returns to `next` (a path of this site, with its query) afterwards. */
export const signInPath = (next: string | null | undefined): string => withNext(routePath('signin'), next);

/** Where signing in lands: where the person was going, else an administrator's /admin, else /home (docs/product.md 26.4). */
export function landingPath(next: unknown, admin: boolean): string {
  return safeNextPath(next) ?? routePath(admin ? 'admin' : 'home');
}
