// A listed doctor's page as the public sees it (docs/product.md, Search; Plans and payment): the
// profile plus what its plan shows now. One function for the get-by-id call and for the data the
// server embeds in /viewdoctorprofile/:id, so both answer exactly the same.
import type { DbOrTx } from '../../../db/client';
import type { DoctorPage } from '../../../../shared/schemas/doctor';
import { publicPlanFeatures } from '../plan-features/plan-access';
import { listPhotos } from '../plan-features/photos';
import { readPublicDoctor } from '../listing/doctor-search';

/** The 404 of every public call about one profile that is not listed now (get-by-id, click events). */
export const PROFILE_NOT_PUBLIC = 'This profile does not exist or is not public.';

export async function findDoctorPage(db: DbOrTx, id: number, at: Date): Promise<DoctorPage | undefined> {
  const found = await readPublicDoctor(db, id, at);
  if (!found) return undefined;
  // Photos, services and the contact form only while the plan includes them: the keys are left out otherwise.
  const { services, ...doctor } = found.doctor;
  const features = await publicPlanFeatures(found.plan, services, () => listPhotos(db, id));
  // An imported practice shows the services its import gave it at any plan; unclaimed, it takes no
  // messages and shows no photos (docs/product.md section 20).
  if (found.imported) features.services = services;
  if (!found.doctor.claimed) {
    features.contact_form = false;
    delete features.photos;
  }
  return { ...doctor, ...features };
}
