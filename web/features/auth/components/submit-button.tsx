// The account forms' submit button. Until the app has hydrated a page the server rendered, the button is disabled:
// a form sent then would go the browser's way, a GET with the password in the address. It keeps its full colour
// meanwhile (.auth-submit[data-waiting]), so the first paint does not flash a greyed button. While the form is being
// sent it says so ('Signing in…') and is disabled, and aria-busy tells a screen reader.
import { useHydrated } from '../../../lib/use-hydrated';

export function SubmitButton({ label, busyLabel, pending }: { label: string; busyLabel: string; pending: boolean }) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className="button button-primary button-large auth-submit"
      disabled={pending || !hydrated}
      aria-busy={pending}
      data-waiting={hydrated ? undefined : ''}
    >
      {pending ? busyLabel : label}
    </button>
  );
}
