// /verify/token: joins firstpart, secondpart and thirdpart into the token from the e-mail link,
// exchanges it (always, docs/product.md, Accounts and tokens), stores the session and shows the congratulation page,
// which offers to go on to where the person was going (the link's `next`, docs/product.md section 26).
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Session } from '../../../../shared/types/user';
import { MESSAGES } from '../../../../shared/constants/messages';
import { NEXT_PARAM, withNext } from '../../../../shared/lib/next-path';
import { paths, routePath } from '../../../../shared/routes';
import { useAppDispatch } from '../../../app/store';
import { failureMessage } from '../../../lib/api';
import { useVerifyTokenMutation } from '../api/verify-token';
import { loggedIn } from '../auth-slice';
import { AuthCard } from '../components/auth-card';
import { AuthStatus } from '../components/auth-status';
import '../auth.css';

export default function VerifyTokenPage() {
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string>();
  const started = useRef(false);
  const [verifyToken] = useVerifyTokenMutation();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const parts = ['firstpart', 'secondpart', 'thirdpart'].map((name) => params.get(name) ?? '');
    if (parts.some((part) => part === '')) {
      setProblem('This verification link is incomplete. Please open the link from the e-mail again.');
      return;
    }
    verifyToken(parts.join('.'))
      .unwrap()
      .then(({ status, data }) => {
        if (status !== 200 || typeof data === 'string') {
          setProblem(typeof data === 'string' ? data : MESSAGES.errorCorrupted);
          return;
        }
        const session = data as Session;
        dispatch(loggedIn(session));
        navigate(withNext(routePath('verified', { id: session.user.id }), params.get(NEXT_PARAM)), { replace: true });
      })
      .catch((error: unknown) => setProblem(failureMessage(error, MESSAGES.serverDisconnected)));
  }, [params, dispatch, navigate, verifyToken]);

  return (
    <AuthCard
      title={problem ? 'We could not verify your e-mail' : 'Verifying your e-mail'}
      footer={problem ? <Link to={paths.signin}>Go to sign in</Link> : undefined}
    >
      {problem ? <p role="alert">{problem}</p> : <AuthStatus>Verifying…</AuthStatus>}
    </AuthCard>
  );
}
