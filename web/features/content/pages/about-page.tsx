import { paths } from '../../../../shared/routes';
import { Link } from 'react-router';
import { PageHero } from '../../../components/ui/page-hero';

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="Our story"
        title="About Us"
        lead="We started Animal Doctor because finding the right vet should not depend on luck, a late-night search or a neighbour's memory."
      />
      <section className="section">
        <div className="container grid grid-2">
          <div className="prose">
            <h2>What we do</h2>
            <p>
              Animal Doctor is a directory of veterinarians and animal hospitals in the United States. Pet owners search by zip code, city or state and see
              practices nearby with their hours, the species they treat, their services and whether they take new patients.
            </p>
            <p>
              Every practice verifies its e-mail address and submits its profile for review before it is listed. We check licence details and contact
              information, and we remove listings that are no longer accurate.
            </p>
            <h2>What we believe</h2>
            <ul>
              <li>Pet owners deserve clear, current facts, not advertising dressed up as advice.</li>
              <li>Search order is earned by relevance and distance. Paid placement is always labelled “Sponsored”.</li>
              <li>Your data is yours: we collect only what we need and never sell it.</li>
            </ul>
            {/* The search page's '(how we order results)' link lands here (docs/product.md, Search: the recommended order). */}
            <h2 id="how-we-order-results" tabIndex={-1}>
              How we order results
            </h2>
            <p>
              Unless you choose another order, a search lists practices as <strong>Recommended</strong>: the ones most likely to suit you come first. We weigh:
            </p>
            <ul>
              <li>How close the practice is to the place you searched (or to its centre).</li>
              <li>
                Its reviews. A practice with one five-star review does not jump ahead of one with dozens of good reviews: a few reviews count as a small hint,
                many reviews as a clear answer.
              </li>
              <li>A complete profile: opening hours, photos and services listed.</li>
              <li>Whether the vet has claimed the listing and keeps it current, and how quickly the practice answers appointment requests.</li>
            </ul>
            <p>
              Money never changes this order. Sponsored practices appear in their own places, always labelled “Sponsored”. You can also sort by distance, rating
              or name.
            </p>
          </div>
          <div className="card">
            <h2>For veterinarians</h2>
            <p>
              Independent clinics and hospitals use Animal Doctor to be found by local pet owners. Build your profile in a few minutes, show your opening hours
              and services, and keep your “accepting new patients” status up to date.
            </p>
            <div className="actions">
              <Link className="button button-primary" to={paths.services}>
                See plans
              </Link>
              <Link className="button" to={paths.signup}>
                Create an account
              </Link>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
