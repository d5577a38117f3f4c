import { Link } from 'react-router';
import { PLANS, formatPrice } from '../../../../shared/constants/plans';
import { PageHero } from '../../../components/ui/page-hero';

export default function ServicesPage() {
  return (
    <>
      <PageHero eyebrow="For veterinarians" title="Plans and pricing" documentTitle="Pricing" lead="Choose how your practice appears to pet owners. Every plan includes a reviewed public profile; cancel any time." />
      <section className="section">
        <div className="container">
          <div className="plans">
            {PLANS.map((plan) => (
              <article key={plan.id} className={`card plan${plan.id === 2 ? ' featured' : ''}`} aria-labelledby={`plan-${plan.id}`}>
                {plan.id === 2 && <span className="badge">Most popular</span>}
                <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
                <p className="plan-price">
                  {formatPrice(plan.priceCents)} <span>/ month</span>
                </p>
                <ul>
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
                <Link className={`button${plan.id === 2 ? ' button-primary' : ''}`} to="/signup">
                  Start with {plan.name}
                </Link>
              </article>
            ))}
          </div>
          <div className="section">
            <h2>Questions vets ask</h2>
            <div className="grid grid-2">
              <div className="card">
                <h3>When does my profile appear in search?</h3>
                <p>After you verify your e-mail, choose a plan and submit your profile, our team reviews it. It is public as soon as it is approved and stays public while your plan is paid.</p>
              </div>
              <div className="card">
                <h3>What does “Sponsored” mean?</h3>
                <p>Premium practices may take up to two clearly labelled slots at the top of nearby results. The order of every other result never depends on the plan.</p>
              </div>
              <div className="card">
                <h3>Can I change or cancel my plan?</h3>
                <p>Yes. Upgrades take effect straight away; a cancelled plan stays active until the end of the period you paid for.</p>
              </div>
              <div className="card">
                <h3>Is it free for pet owners?</h3>
                <p>Always. Pet owners search, read articles and contact practices without an account.</p>
              </div>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
