// 'Online booking' in Edit Profile and the wizard (decisions.md section 18): everything a receptionist sets for
// owners to book real times: visit types, bookable hours and rules, busy times, and the calendar links.
import type { DayHours } from '../../../../shared/lib/opening-hours';
import { BookingHoursForm } from './booking-hours-form';
import { BusyTimes, CalendarFeed } from './busy-times';
import { VisitTypesEditor } from './visit-types-editor';
import '../booking.css';

export function OnlineBookingPanel({ opening, timeZone }: { opening: DayHours[]; timeZone: string | null }) {
  if (!timeZone || opening.every((day) => day.closed)) {
    return <p className="notice">Save your opening hours and time zone first: owners can book only inside them.</p>;
  }
  return (
    <div className="online-booking">
      <p className="muted">
        Pet owners pick a free time on your profile and book it at once. Set what they can book and when; your busy times and bookings are never offered twice.
      </p>
      <VisitTypesEditor />
      <BookingHoursForm opening={opening} />
      <BusyTimes timeZone={timeZone} />
      <CalendarFeed />
    </div>
  );
}
