// Client-side guards (docs/product.md, Roles and guards): a failed guard redirects to /home. While the stored
// session is being restored the guard waits instead of redirecting. 'signedOut' keeps signed-in
// users off /signin and /signup: they go on to where they came from (`?next=`, as sign-in itself
// uses it, or location.state.from) or /home.
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from './store';
import { hasPaidPlan, isAdmin } from '../features/auth/auth-slice';
import { PageLoader } from '../components/ui/page-loader';
import type { GuardKind } from '../../shared/routes';

export function Guard({ kind }: { kind: GuardKind }) {
  const restoring = useAppSelector((state) => state.auth.restoring);
  const location = useLocation();
  const from = new URLSearchParams(location.search).get('next') ?? (location.state as { from?: unknown } | null)?.from;
  const allowed = useAppSelector((state) => {
    if (kind === 'admin') return isAdmin(state);
    if (kind === 'paidPlan') return hasPaidPlan(state);
    if (kind === 'signedOut') return !state.auth.logined;
    return state.auth.logined;
  });
  if (restoring) return <PageLoader />;
  if (allowed) return <Outlet />;
  const onward = kind === 'signedOut' && typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') ? from : '/home';
  return <Navigate to={onward} replace />;
}
