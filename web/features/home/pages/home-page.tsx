import { paths } from '../../../../shared/routes';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { DoctorSearchForm } from '../../doctors';
import '../home.css';

const STEPS = [
  {
    title: 'Search near you',
    text: 'Enter a zip code, a city or a state. We show veterinarians and animal hospitals nearby, with distance and opening hours.',
  },
  {
    title: 'Compare what matters',
    text: 'See which species each practice treats, its services, whether it offers 24/7 emergency care and if it is accepting new patients.',
  },
  {
    title: 'Get in touch',
    text: 'Call the clinic, visit its website or send a message from its profile. Every listed vet has a verified e-mail and a reviewed profile.',
  },
];

const TOPICS = [
  { title: 'Dogs and puppies', text: 'Vaccination schedules, dental care, nutrition and behaviour: find a vet who knows your breed.' },
  { title: 'Cats and kittens', text: 'From spaying to senior care, cat-friendly clinics make visits calmer for your companion.' },
  { title: 'Exotics and small pets', text: 'Rabbits, birds, reptiles and rodents need specialist knowledge. Filter by the species a practice treats.' },
];

function PawIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="currentColor">
      <ellipse cx="6" cy="9" rx="2.2" ry="2.8" />
      <ellipse cx="10" cy="5.5" rx="2.2" ry="2.8" />
      <ellipse cx="14" cy="5.5" rx="2.2" ry="2.8" />
      <ellipse cx="18" cy="9" rx="2.2" ry="2.8" />
      <path d="M12 11c-3.5 0-6.5 3.6-6.5 6.4 0 1.9 1.6 2.6 3.2 2.6 1.4 0 2.2-.7 3.3-.7s1.9.7 3.3.7c1.6 0 3.2-.7 3.2-2.6C18.5 14.6 15.5 11 12 11z" />
    </svg>
  );
}

export default function HomePage() {
  usePageTitle('Find a veterinarian near you');
  return (
    <>
      <section className="home-hero">
        <div className="container">
          <p className="eyebrow">Veterinarians and animal hospitals</p>
          <h1>Find a trusted vet for your pet, close to home</h1>
          <p className="lead">
            Animal Doctor helps pet owners find local veterinarians and animal hospitals, and read practical pet-health advice written by people who care for
            animals every day.
          </p>
          <DoctorSearchForm speciesTaps />
          <div className="stats" aria-label="Why pet owners use Animal Doctor">
            <p>
              <strong>Reviewed</strong> profiles checked by our team
            </p>
            <p>
              <strong>Verified</strong> e-mail for every listed vet
            </p>
            <p>
              <strong>Free</strong> for pet owners, always
            </p>
          </div>
        </div>
      </section>

      <section className="section">
        <div className="container">
          <h2>How it works</h2>
          <div className="grid grid-3 steps">
            {STEPS.map((step, index) => (
              <div className="card" key={step.title}>
                <span className="step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="section section-alt">
        <div className="container">
          <h2>Care for every kind of companion</h2>
          <div className="grid grid-3">
            {TOPICS.map((topic) => (
              <div className="card" key={topic.title}>
                <span className="icon-circle" aria-hidden="true">
                  <PawIcon />
                </span>
                <h3>{topic.title}</h3>
                <p>{topic.text}</p>
              </div>
            ))}
          </div>
          <div className="actions">
            <Link className="button" to={paths.blog}>
              Read the Authors Digest
            </Link>
            <Link className="button" to={paths.medicine}>
              Pet medicine guide
            </Link>
            <Link className="button" to={paths.insurance}>
              Pet insurance explained
            </Link>
          </div>
        </div>
      </section>

      <section className="section">
        <div className="container">
          <div className="cta-band">
            <div>
              <h2>Are you a veterinarian?</h2>
              <p>List your practice, show your hours and services, and reach pet owners in your area.</p>
            </div>
            <Link className="button button-large" to={paths.services}>
              See plans and pricing
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
