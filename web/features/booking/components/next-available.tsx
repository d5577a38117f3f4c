// 'Next available: Tue 10:30 AM' on cards and profiles (decisions.md section 18), in the practice's own time.
import { formatTimeInZone } from '../../../../shared/lib/formats';
import '../booking.css';

export function NextAvailable({ at, timeZone }: { at: string | null | undefined; timeZone: string | null | undefined }) {
  if (!at || !timeZone) return null;
  const text = formatTimeInZone(at, timeZone, true);
  return text ? <p className="next-available">Next available: {text}</p> : null;
}
