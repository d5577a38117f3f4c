// The maintained list of services a vet picks from (docs/product.md section 5); a vet may add their own.
// Search offers these as its services filter; stored values are the labels as shown here.
export const SERVICES = [
  'Wellness exams',
  'Vaccinations',
  'Dentistry',
  'Surgery',
  'Imaging (X-ray and ultrasound)',
  'Exotic animals',
  'Behaviour',
  'Boarding',
  'Grooming',
  'House calls',
  'Emergency care',
  'Microchipping',
  'Spay and neuter',
  'Laboratory tests',
  'Nutrition advice',
  'Senior pet care',
  'Euthanasia and end-of-life care',
] as const;

/** The species a vet picks from and search offers as its species filter; a vet may add their own. */
export const SPECIES = ['dogs', 'cats', 'rabbits', 'birds', 'reptiles', 'horses', 'exotics', 'farm animals'] as const;

/** What a contact message or click event may name (docs/product.md section 5). */
export const PROFILE_EVENT_KINDS = ['phone', 'website', 'directions'] as const;
export type ProfileEventKind = (typeof PROFILE_EVENT_KINDS)[number];

export const PHOTO_LIMIT = 12;
export const CONTACT_LIMITS = {
  nameMax: 100,
  phoneMax: 30,
  speciesMax: 40,
  messageMax: 2000,
  /** Messages one client may send per hour, and one vet may receive per hour. */
  perClientPerHour: 10,
  perVetPerHour: 50,
} as const;
export const STATISTICS_MAX_DAYS = 90;
