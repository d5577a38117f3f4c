import { Link } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { usePageTitle } from '../../../lib/use-page-title';
import { isOwner, signedInUser } from '../auth-slice';
import '../auth.css';
import { useIntent } from '../intent';
import { paths } from '../../../../shared/routes';

export default function CongratulationPage() {
  usePageTitle('E-mail verified');
  const user = useAppSelector(signedInUser);
  // A pet owner goes on to find a vet; a vet to the plans (docs/product.md section 13).
  const owner = useAppSelector(isOwner);
  // Back from the e-mail: the first action is what the person set out to do (docs/product.md section 26).
  const { intent, doing } = useIntent();
  return (
    <section className="auth-page">
      <div className="auth-card card" style={{ textAlign: 'center' }}>
        <span className="icon-circle" aria-hidden="true" style={{ fontSize: 24 }}>
          ✓
        </span>
        <h1>Congratulations{user ? `, ${user.first_name}` : ''}!</h1>
        <p>Your e-mail address is verified and your account is ready.</p>
        {intent && doing ? (
          <>
            <p className="muted">Pick up where you left off: {doing}.</p>
            <div className="actions" style={{ justifyContent: 'center' }}>
              <Link className="button button-primary" to={intent.next}>
                Continue
              </Link>
            </div>
          </>
        ) : (
          <GenericNext owner={owner} />
        )}
      </div>
    </section>
  );
}

/** Without a `next`: a pet owner goes on to find a vet, a vet to the plans. */
function GenericNext({ owner }: { owner: boolean }) {
  const onward = owner
    ? { to: paths.searchDoctor, label: 'Find a vet', sentence: 'Next, find your vet and tell other pet owners how your visit went.' }
    : { to: paths.services, label: 'Choose a plan', sentence: 'Next, choose a plan and build your practice profile so pet owners can find you.' };
  return (
    <>
      <p className="muted">{onward.sentence}</p>
      <div className="actions" style={{ justifyContent: 'center' }}>
        <Link className="button button-primary" to={onward.to}>
          {onward.label}
        </Link>
        <Link className="button" to={paths.home}>
          Go to home
        </Link>
      </div>
    </>
  );
}
