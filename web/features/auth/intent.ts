// Where a person was going (docs/product.md section 26): the `next` path that sign-in, sign-up, /verify, the
// verification e-mail and the congratulation page carry says which account the action needs (a pet owner's for a
// request, review or favourite; a vet's for a plan or a claim) and what the pages say ("Sign in or create a vet
// account to claim Wicker Park Pet Hospital"). The role follows the path, so it can never disagree with it.
import { useSearchParams } from 'react-router';
import { planById } from '../../../shared/constants/plans';
import { NEXT_PARAM, safeNextPath } from '../../../shared/lib/next-path';
import { matchRoute, type RouteName } from '../../../shared/routes';
import { useGetDoctorQuery } from '../doctors';
import type { AccountType } from './api/register';

export interface Intent {
  /** The safe path to go on to. */
  next: string;
  /** The account the action needs; undefined when any account will do (a guarded page). */
  role?: AccountType;
  /** The practice the action is about, named once its profile has loaded. */
  doctorId?: number;
  /** What the person was doing, after "to": `claim Wicker Park Pet Hospital`. */
  doing: (practice: string) => string;
}

/** The private pages a guard sends to sign-in from, as the sentence names them ("Please sign in to see your appointments"). */
const GUARDED: Partial<Record<RouteName, string>> = {
  account: 'open your account settings',
  myAppointments: 'see your appointments',
  myVets: 'see My vets',
  myPets: 'see your pets',
  myReviews: 'see your reviews',
  viewProfile: 'see your practice profile',
  setupProfile: 'create your practice profile',
  checkout: 'finish your checkout',
  admin: 'open Administration',
  messages: 'see your messages',
  thread: 'see your messages',
  articleEditor: 'edit articles',
};

const idOf = (value: string | null | undefined): number | undefined => (value && /^\d{1,12}$/.test(value) ? Number(value) : undefined);

/** The intent a `next` value names, or undefined when there is no safe one. */
export function intentOf(value: string | null | undefined): Intent | undefined {
  const next = safeNextPath(value);
  if (!next) return undefined;
  const url = new URL(next, 'https://same-site.invalid');
  const query = url.searchParams;
  const saving = idOf(query.get('save'));
  if (saving !== undefined) return { next, role: 'owner', doctorId: saving, doing: (name) => `save ${name} to My vets` };
  const match = matchRoute(url.pathname);
  const doctorId = idOf(match?.params.id);
  switch (match?.name) {
    case 'doctorProfile':
      if (query.get('request') === 'open') return { next, role: 'owner', doctorId, doing: (name) => `request an appointment at ${name}` };
      if (query.get('review') === 'write') return { next, role: 'owner', doctorId, doing: (name) => `review ${name}` };
      // A free time picked on the profile (BookVisit brings the visitor back to it).
      if (query.get('time')) return { next, role: 'owner', doctorId, doing: (name) => `book a visit at ${name}` };
      return { next, doctorId, doing: (name) => `go back to ${name}` };
    case 'claimPractice':
      return { next, role: 'vet', doctorId, doing: (name) => `claim ${name}` };
    case 'services': {
      const plan = planById(Number(query.get('buy')));
      return { next, role: 'vet', doing: () => (plan ? `start with the ${plan.name} plan` : 'choose a plan for your practice') };
    }
    default: {
      const guarded = match && GUARDED[match.name];
      const role = match?.name === 'setupProfile' || match?.name === 'checkout' ? 'vet' : undefined;
      return { next, role, doing: () => guarded ?? 'continue where you left off' };
    }
  }
}

/** The intent of this page's `?next=`, with the practice's name once known ('this practice' until then). */
export function useIntent(): { intent?: Intent; doing?: string } {
  const [params] = useSearchParams();
  const intent = intentOf(params.get(NEXT_PARAM));
  const doctor = useGetDoctorQuery(String(intent?.doctorId ?? ''), { skip: intent?.doctorId === undefined }).currentData;
  if (!intent) return {};
  // The answer's `name` is practiceName() of the practice, as its card and profile show it.
  return { intent, doing: intent.doing(doctor?.name || 'this practice') };
}
