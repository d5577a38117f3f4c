import { PageHero } from '../../../components/ui/page-hero';

const TERMS = [
  {
    title: 'Accident-only cover',
    text: 'The least expensive option. It pays for injuries such as broken bones, swallowed objects or bite wounds, but not for illness.',
  },
  {
    title: 'Accident and illness cover',
    text: 'The most common choice. It adds conditions such as infections, cancer, diabetes and digestive problems. Check whether hereditary and chronic conditions are included.',
  },
  {
    title: 'Wellness add-ons',
    text: 'Optional plans that reimburse routine care like vaccines, dental cleanings and parasite prevention. Compare the premium with what you would spend anyway.',
  },
];

const CHECKS = [
  'Deductible: annual or per condition, and how much.',
  'Reimbursement rate: usually 70 %, 80 % or 90 % of the eligible bill.',
  'Annual or lifetime limits, and whether they reset.',
  'Waiting periods before cover starts for accidents, illness and orthopaedic conditions.',
  'Exclusions for pre-existing conditions, and how the insurer defines them.',
  'Whether premiums rise with your pet’s age, and by how much.',
];

export default function InsurancePage() {
  return (
    <>
      <PageHero
        eyebrow="Guide"
        title="Pet insurance"
        lead="Unexpected vet bills are one of the biggest costs of owning a pet. Insurance can help; here is how to choose a policy with your eyes open."
      />
      <section className="section">
        <div className="container">
          <h2>Types of cover</h2>
          <div className="grid grid-3">
            {TERMS.map((term) => (
              <div className="card" key={term.title}>
                <h3>{term.title}</h3>
                <p>{term.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section className="section section-alt">
        <div className="container prose">
          <h2>Six things to check before you buy</h2>
          <ul>
            {CHECKS.map((check) => (
              <li key={check}>{check}</li>
            ))}
          </ul>
          <p>
            Most policies reimburse you after you pay the clinic, so any licensed veterinarian can treat your pet. Ask your vet’s office whether they can send
            records to the insurer directly to speed up claims.
          </p>
          <p className="muted">Animal Doctor does not sell insurance and receives no commission from insurers.</p>
        </div>
      </section>
    </>
  );
}
