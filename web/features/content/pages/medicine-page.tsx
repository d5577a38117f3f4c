import { PageHero } from '../../../components/ui/page-hero';

const SECTIONS = [
  {
    title: 'Only give medicine your vet prescribed',
    text: 'Many human medicines are dangerous for animals. Ibuprofen, naproxen and paracetamol (acetaminophen) can cause kidney failure or liver damage in dogs and are especially toxic to cats. Never share a prescription between pets, even of the same species.',
  },
  {
    title: 'Parasite prevention',
    text: 'Fleas, ticks, heartworm and intestinal worms are the most common reasons for routine medication. Preventives come as tablets, chews, spot-on liquids and collars. Your vet chooses the product by species, weight, age and local risks such as Lyme disease.',
  },
  {
    title: 'Vaccines',
    text: 'Core vaccines protect dogs against rabies, distemper, parvovirus and adenovirus, and cats against rabies, panleukopenia, herpesvirus and calicivirus. Lifestyle vaccines (for example leptospirosis or feline leukaemia) depend on where your pet goes and whom it meets.',
  },
  {
    title: 'Giving tablets and liquids',
    text: 'Hide tablets in a small amount of soft food unless your vet says the medicine must be taken on an empty stomach. For liquids, aim the syringe into the cheek pouch, not straight down the throat, and reward calmly afterwards.',
  },
  {
    title: 'Storing medicine safely',
    text: 'Keep medicines in their original packaging, out of reach of pets and children. Chewable tablets taste good on purpose: a dog that finds the box may swallow a month of doses at once.',
  },
  {
    title: 'When to call your vet',
    text: 'Call straight away if your pet vomits repeatedly, has diarrhoea with blood, becomes weak, has swelling of the face or trouble breathing after a new medicine, or if a dose was missed or doubled and you are unsure what to do.',
  },
];

export default function MedicinePage() {
  return (
    <>
      <PageHero
        eyebrow="Guide"
        title="Pet medicine"
        lead="What every pet owner should know about prescriptions, preventives and giving medicine safely. This guide does not replace your veterinarian's advice."
      />
      <section className="section">
        <div className="container grid grid-2">
          {SECTIONS.map((section) => (
            <div className="card" key={section.title}>
              <h2>{section.title}</h2>
              <p>{section.text}</p>
            </div>
          ))}
        </div>
        <div className="container">
          <p className="notice" style={{ marginTop: 24 }}>
            Suspect poisoning? Contact your vet or an animal poison control centre immediately, and bring the packaging with you.
          </p>
        </div>
      </section>
    </>
  );
}
