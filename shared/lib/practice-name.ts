// How a practice is named to people (docs/product.md section 20.15): one rule for the card, the
// profile page, its head and every e-mail about the practice, so an e-mail never names a practice
// differently from its card.

export interface PracticeNameFacts {
  /** false for an imported practice nobody has claimed yet (docs/product.md section 20). */
  claimed: boolean;
  firstName: string;
  lastName: string;
  clinicName: string | null | undefined;
}

/** The practice's name as people see it: its vet's once claimed; an unclaimed one has no vet yet, so its clinic's. */
export function practiceName({ claimed, firstName, lastName, clinicName }: PracticeNameFacts): string {
  return claimed ? `Dr. ${firstName} ${lastName}` : (clinicName ?? '');
}

/** The clinic's own name, else the practice's name: what the `clinic_name` of an appointment or an owner's review holds. */
export function clinicOrPracticeName(facts: PracticeNameFacts): string {
  return facts.clinicName?.trim() || practiceName(facts);
}
