// Client-side guards (docs/product.md, Roles and guards): a failed guard redirects to /home. While the stored
// session is being restored the guard waits instead of redirecting.
import { Navigate, Outlet } from 'react-router';
import { useAppSelector } from './store';
import { hasPaidPlan, isAdmin } from '../features/auth/auth-slice';
import { PageLoader } from '../components/ui/page-loader';

export function Guard({ kind }: { kind: 'loggedIn' | 'admin' | 'paidPlan' }) {
  const restoring = useAppSelector((state) => state.auth.restoring);
  const allowed = useAppSelector((state) => {
    if (kind === 'admin') return isAdmin(state);
    if (kind === 'paidPlan') return hasPaidPlan(state);
    return state.auth.logined;
  });
  if (restoring) return <PageLoader />;
  return allowed ? <Outlet /> : <Navigate to="/home" replace />;
}
