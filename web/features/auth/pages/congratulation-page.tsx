import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { usePageTitle } from '../../../lib/use-page-title';
import { isOwner, signedInUser } from '../auth-slice';

export default function CongratulationPage() {
  usePageTitle('E-mail verified');
  const user = useAppSelector(signedInUser);
  // A pet owner goes on to find a vet; a vet to the plans (docs/product.md section 13).
  const owner = useAppSelector(isOwner);
  return (
    <section className="auth-page">
      <div className="auth-card card" style={{ textAlign: 'center' }}>
        <span className="icon-circle" aria-hidden="true" style={{ fontSize: 24 }}>
          ✓
        </span>
        <h1>Congratulations{user ? `, ${user.first_name}` : ''}!</h1>
        <p>Your e-mail address is verified and your account is ready.</p>
        <p className="muted">
          {owner
            ? 'Next, find your vet and tell other pet owners how your visit went.'
            : 'Next, choose a plan and build your practice profile so pet owners can find you.'}
        </p>
        <div className="actions" style={{ justifyContent: 'center' }}>
          {owner ? (
            <Link className="button button-primary" to="/searchdoctor">
              Find a vet
            </Link>
          ) : (
            <Link className="button button-primary" to="/services">
              Choose a plan
            </Link>
          )}
          <Link className="button" to="/home">
            Go to home
          </Link>
        </div>
      </div>
    </section>
  );
}
