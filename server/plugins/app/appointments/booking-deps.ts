// What the booking commands need beyond the appointment commands' (appointment-deps.ts), bound by index.ts.
import type { AppointmentDeps } from './appointment-deps';

export interface BookingDeps extends AppointmentDeps {
  /** Recomputes a practice's next_available after a change that may move it (next-available.ts). */
  refreshNext(doctorId: number): Promise<void>;
  /** Tests only (BUSY_FEED_ALLOW_PRIVATE): calendar feeds may be http and on this machine (decision 200). */
  allowPrivateFeeds: boolean;
  publicUrl: string;
  /** The owner's own pet (the pets area): its name, species and the appointment columns that name it; 404 when not theirs. */
  petOf(ownerId: number, petId: number): Promise<{ name: string; species: string; columns: Record<string, unknown> }>;
}
