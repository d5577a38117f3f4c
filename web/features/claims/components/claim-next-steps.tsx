// What a vet does after taking over a practice (docs/product.md 28.9): choose a plan, then edit the
// profile. Shown on /claim/:id to the practice's own account, so a reload keeps it.
import { Link, useLocation } from 'react-router';
import { withNext } from '../../../../shared/lib/next-path';
import type { User } from '../../../../shared/types/user';
import './claim-next-steps.css';
import { paths } from '../../../../shared/routes';

export function ClaimNextSteps({ user, clinic }: { user: User; clinic: string }) {
  const hasPlan = (user.payment?.plan ?? 0) > 0;
  // Pricing, checkout and the wizard lead back here (docs/product.md 26.1).
  const here = useLocation().pathname;
  return (
    <div className="card claim-next" role="status">
      <h2>{clinic} is yours now</h2>
      <p>Next: choose a plan, then edit your profile. Pet owners see your changes once your plan is active.</p>
      <ol className="claim-next-steps">
        <li className={hasPlan ? 'done' : undefined}>
          <strong>Choose a plan.</strong>{' '}
          {hasPlan ? 'Your plan came with your account: this step is done.' : 'The plan keeps the practice listed and adds its features.'}
          {!hasPlan && (
            <p>
              <Link className="button button-primary" to={withNext(paths.services, here)}>
                Choose a plan
              </Link>
            </p>
          )}
        </li>
        <li>
          <strong>Edit your profile.</strong> Check the hours, the services and your contact e-mail: the claim's address is not shown to pet owners.
          <p>
            {hasPlan ? (
              <Link className="button button-primary" to={withNext(paths.setupProfile, here)}>
                Edit your profile
              </Link>
            ) : (
              <span className="muted">Open once you have a plan.</span>
            )}
          </p>
        </li>
      </ol>
    </div>
  );
}
