// A practice's address as the pages show it on one line (docs/product.md, Search): "street, city, state zip",
// leaving out the parts it does not have.
import type { PracticeAddress } from '../schemas/profile';

export const addressLine = ({ street, city, state, zip }: Pick<PracticeAddress, 'street' | 'city' | 'state' | 'zip'>): string =>
  [street, city, state && `${state} ${zip ?? ''}`.trim()].filter(Boolean).join(', ');
