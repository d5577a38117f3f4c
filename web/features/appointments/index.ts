// What the appointments feature offers other features (docs/product.md section 19): the request card of a
// public profile, the practice's inbox with its count for the menu.
export { RequestAppointment } from './components/request-appointment';
export { PracticeAppointments, useOpenAppointmentCount } from './components/practice-appointments';
export { STATE_TEXT as APPOINTMENT_STATE_TEXT } from './appointment-times';
