// Client-side guards (docs/product.md, Roles and guards; section 26). While the stored session is being restored the
// guard waits instead of redirecting. A person who is not signed in goes to /signin with `?next=` (the page they
// asked for), whose sentence says what signing in is for; a signed-in person without the role is told why and sent
// where the role is offered, never silently home. 'signedOut' keeps signed-in users off /signin and /signup: they go
// on to where they came from (`?next=`, or location.state.from), else an administrator to /admin, anyone else /home.
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from './store';
import { hasPaidPlan, isAdmin } from '../features/auth/auth-slice';
import { PageLoader } from '../components/ui/page-loader';
import { toast } from '../lib/toast';
import { NEXT_PARAM, landingPath, signInPath, withNext } from '../../shared/lib/next-path';
import { routePath, type GuardKind } from '../../shared/routes';

/** A signed-in person without the page's role: the sentence, then the page that offers the role. */
function Refused({ to, sentence }: { to: string; sentence: string }) {
  useEffect(() => {
    toast.warning(sentence);
  }, [sentence]);
  return <Navigate to={to} replace />;
}

export function Guard({ kind }: { kind: GuardKind }) {
  const restoring = useAppSelector((state) => state.auth.restoring);
  const logined = useAppSelector((state) => state.auth.logined);
  const admin = useAppSelector(isAdmin);
  const location = useLocation();
  const allowed = useAppSelector((state) => {
    if (kind === 'admin') return isAdmin(state);
    if (kind === 'paidPlan') return hasPaidPlan(state);
    if (kind === 'signedOut') return !state.auth.logined;
    return state.auth.logined;
  });
  if (restoring) return <PageLoader />;
  if (allowed) return <Outlet />;
  if (kind === 'signedOut') {
    const from = new URLSearchParams(location.search).get(NEXT_PARAM) ?? (location.state as { from?: unknown } | null)?.from;
    return <Navigate to={landingPath(from, admin)} replace />;
  }
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (!logined) return <Navigate to={signInPath(here)} replace />;
  // Pricing carries the page on through checkout and the profile wizard, which return to it (docs/product.md 26.1).
  if (kind === 'paidPlan') return <Refused to={withNext(routePath('services'), here)} sentence="Choose a plan first: your practice profile comes with it." />;
  return <Refused to={routePath('home')} sentence="That page is for administrators." />;
}
