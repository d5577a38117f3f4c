// What the booking feature offers other features (decisions.md section 18): the profile's 'Book a visit' card and
// phone bar, the day strip for moving a booking, the practice's booking screen, and 'Next available'.
export { BookVisit } from './components/book-visit';
export { BookingBar } from './components/booking-bar';
export { NextAvailable } from './components/next-available';
export type { ProfileBooking } from './api/booking';
export { OnlineBookingPanel } from './components/online-booking-panel';
export { ChangeTime } from './components/change-time';
