// Appointment requests: the owner's calls and the practice's.
// Each file registers with its URL prefix here; server/app.ts registers this plugin (docs/architecture.md, Areas).
import type { FastifyInstance } from 'fastify';
import ownerAppointments from './appointments';
import practiceAppointments from './practice-appointments';
import bookingSettings from './booking-settings';
import booking from './booking';
import availability from './availability';
import calendarFeed from './calendar-feed';

export default async function appointmentRoutes(fastify: FastifyInstance): Promise<void> {
  await fastify.register(ownerAppointments, { prefix: '/api/appointments' });
  await fastify.register(practiceAppointments, { prefix: '/api/user' });
  // Booking a real time (docs/product.md section 30).
  await fastify.register(bookingSettings, { prefix: '/api/user' });
  await fastify.register(booking, { prefix: '/api/appointments' });
  await fastify.register(availability, { prefix: '/api/doctors' });
  await fastify.register(calendarFeed, { prefix: '/api/calendar' });
}
