// A listed vet's index row for the store's own tests: a name and a point, everything else empty.
import { emptyVetRow, type VetRow } from './vet-store';

export const namedVetRow = (id: number, name: string, extra: Partial<VetRow> = {}): VetRow => ({
  ...emptyVetRow(),
  user_id: id,
  plan: 1,
  sort_name: name,
  latitude: 40,
  longitude: -70,
  week_hours: '{}',
  ...extra,
});
