// The phone's sticky bar on a profile (decisions.md section 18): 'Book' scrolls to the day strip, 'Call' dials the
// practice. A spacer as tall as the bar keeps the page's last lines above it; from 768px the page shows both itself.
import '../booking.css';

export function BookingBar({ phone, canBook }: { phone: string | null | undefined; canBook: boolean }) {
  if (!canBook && !phone) return null;
  return (
    <>
      <div className="booking-bar-room" aria-hidden="true" />
      <nav className="booking-bar" aria-label="Book or call">
        {canBook && (
          <a className="button button-primary" href="#book">
            Book
          </a>
        )}
        {phone && (
          <a className="button" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
            Call
          </a>
        )}
      </nav>
    </>
  );
}
