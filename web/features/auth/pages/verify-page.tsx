// /verify (docs/product.md, Screens and routes; Accounts and tokens): asks the server to send the verification e-mail
// under a 'Sending Email...' spinner. A 429 on opening is expected right after sign-up (the e-mail
// already went out) and is ignored; after 'Send again' it is shown. `?next=` (where the person was going, docs/product.md
// section 26) goes into the link of every e-mail it asks for.
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../shared/constants/messages';
import { NEXT_PARAM, safeNextPath, withNext } from '../../../../shared/lib/next-path';
import { routePath } from '../../../../shared/routes';
import { useAppSelector } from '../../../app/store';
import { PageLoader } from '../../../components/ui/page-loader';
import { failureMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSendVerificationEmailMutation } from '../api/send-verification-email';
import { signedInUser } from '../auth-slice';
import { AuthCard } from '../components/auth-card';
import { AuthStatus } from '../components/auth-status';
import '../auth.css';

export default function VerifyPage() {
  const user = useAppSelector(signedInUser);
  const restoring = useAppSelector((state) => state.auth.restoring);
  const [sending, setSending] = useState(false);
  const opened = useRef(false);
  const [sendVerificationEmail] = useSendVerificationEmailMutation();
  const next = safeNextPath(useSearchParams()[0].get(NEXT_PARAM));

  useEffect(() => {
    if (!user || user.verify || opened.current) return;
    opened.current = true;
    setSending(true);
    sendVerificationEmail({ next })
      .unwrap()
      .catch(() => undefined) // docs/product.md, Accounts and tokens: ignored on opening
      .finally(() => setSending(false));
  }, [user, sendVerificationEmail, next]);

  if (restoring) return <PageLoader />;
  if (!user || user.verify) return <Navigate to={next ?? routePath('home')} replace />;

  const sendAgain = async () => {
    setSending(true);
    try {
      const data = await sendVerificationEmail({ next }).unwrap();
      toast.success(data.message);
    } catch (error) {
      toast.warning(failureMessage(error, MESSAGES.serverDisconnected));
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthCard title={MESSAGES.verifyTitle}>
      <div aria-busy={sending}>
        <p>We sent a verification link to</p>
        <p className="verify-address">{user.email}</p>
        <p className="muted">
          Open the e-mail and follow the link to activate your account. The link works once and expires in 24 hours. Check your spam folder if it does not
          arrive within a few minutes.
        </p>
        {sending && <AuthStatus>{MESSAGES.sendingEmail}</AuthStatus>}
        <button type="button" className="button button-primary button-large auth-submit" onClick={sendAgain} disabled={sending}>
          Send again
        </button>
      </div>
      <p className="auth-footer">
        Wrong address? <Link to={withNext(routePath('signup'), next)}>Create the account again</Link>
      </p>
    </AuthCard>
  );
}
