// The header's user dropdown (docs/product.md, Screens and routes: header; Client state and flows: header profile flow).
import { paths } from '../../../shared/routes';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '../../../shared/constants/messages';
import { Dialog } from '../../components/ui/dialog';
import { MenuButton, type MenuItem } from '../../components/ui/menu-button';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../store';
import { hasPaidPlan, isAdmin, isOwner, isSubmitted, logout, signedInUser } from '../../features/auth/auth-slice';
import { useOpenAppointmentCount } from '../../features/appointments';
import { useMessageEvents, useUnreadCount } from '../../features/messages';
import { countOf, pluralOf } from '../../../shared/lib/formats';

type Modal = 'plans' | 'setup' | undefined;

export function UserMenu() {
  const user = useAppSelector(signedInUser);
  const admin = useAppSelector(isAdmin);
  const owner = useAppSelector(isOwner);
  const paid = useAppSelector(hasPaidPlan);
  const submitted = useAppSelector(isSubmitted);
  // A practice sees how many appointment requests wait for its answer (docs/product.md 19.2).
  const waiting = useOpenAppointmentCount(Boolean(user) && !admin && !owner && submitted);
  // Owners and practices talk in conversations (docs/product.md section 32): the unread count, kept live by the tab's
  // one event stream, which this menu (shown only to a signed-in person, never on the server) holds open.
  const messaging = Boolean(user) && !admin;
  const unread = useUnreadCount(messaging);
  useMessageEvents(messaging);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [modal, setModal] = useState<Modal>();

  const createOrEditProfile = () => (paid ? navigate(paths.setupProfile) : setModal('plans'));
  const yourProfile = () => (submitted ? navigate(paths.viewProfile) : setModal('setup'));
  // 'Go to Setup': a paid plan leads to /setupprofile, otherwise to the plans modal (docs/product.md, Client state and flows).
  const leaveTo = (path: string) => () => {
    setModal(undefined);
    navigate(path);
  };
  const goToSetup = paid ? leaveTo(paths.setupProfile) : () => setModal('plans');
  const signOut = () => {
    dispatch(logout());
    toast.success(MESSAGES.logout);
    navigate(paths.home);
  };

  // Spec section 2 (Header): profile entries for vets, management entries for administrators (the area /admin is
  // titled 'Administration' on its page; the menu keeps the contract's 'Manage Users', docs/product.md 29.1); a pet owner's own entries instead of the profile's (docs/product.md sections 13, 19, 21 and 31).
  const items: MenuItem[] = admin
    ? [
        { label: 'Manage Users', action: () => navigate(paths.admin) },
        { label: 'Manage Articles', action: () => navigate(paths.articleEditor) },
      ]
    : owner
      ? [
          { label: unread > 0 ? `Messages (${unread})` : 'Messages', action: () => navigate(paths.messages) },
          { label: 'My vets', action: () => navigate(paths.myVets) },
          { label: 'My pets', action: () => navigate(paths.myPets) },
          { label: 'My appointments', action: () => navigate(paths.myAppointments) },
          { label: 'My reviews', action: () => navigate(paths.myReviews) },
        ]
      : [
          { label: submitted ? 'Edit Profile' : 'Create Profile', action: createOrEditProfile },
          { label: 'Your Profile', action: yourProfile },
          { label: unread > 0 ? `Messages (${unread})` : 'Messages', action: () => navigate(paths.messages) },
          ...(waiting > 0 ? [{ label: `Appointment requests (${waiting})`, action: () => navigate(`${paths.viewProfile}#appointments`) }] : []),
        ];
  // Every account has its settings (docs/product.md section 25), and can take its data out or leave (section 22).
  items.push({ label: 'Account settings', action: () => navigate(paths.account) });
  // The address stays /account; the page scrolls to its 'Your data' part (account-page.tsx).
  items.push({ label: 'Your data', action: () => navigate(paths.account, { state: { section: 'your-data' } }) });
  items.push({ label: 'Sign out', action: signOut });

  const initials = `${user?.first_name?.[0] ?? ''}${user?.last_name?.[0] ?? ''}`.toUpperCase() || '?';
  return (
    <>
      <MenuButton items={items} classes={{ root: 'user-menu', button: 'user-menu-button', list: 'user-menu-list' }}>
        <span className="avatar" aria-hidden="true">
          {initials}
        </span>
        {/* The name comes from the text (no aria-label), so what is read contains what is shown. */}
        <span className="visually-hidden">Account menu for </span>
        <span className="user-menu-name visually-hidden-narrow">{user?.first_name ?? 'you'}</span>
        {unread > 0 && (
          <span className="user-menu-count is-messages">
            <span aria-hidden="true">{unread}</span>
            <span className="visually-hidden">{countOf(unread, 'unread message')}</span>
          </span>
        )}
        {waiting > 0 && (
          <span className="user-menu-count">
            {waiting}
            <span className="visually-hidden">{` ${pluralOf(waiting, 'appointment request')} waiting`}</span>
          </span>
        )}
        <span aria-hidden="true" className="caret">
          ▾
        </span>
      </MenuButton>
      <Dialog
        open={modal === 'plans'}
        title="Choose a plan first"
        onClose={() => setModal(undefined)}
        footer={
          <>
            <button type="button" className="button" onClick={leaveTo(paths.home)}>
              Back to home
            </button>
            <button type="button" className="button button-primary" onClick={leaveTo(paths.services)}>
              Go to Plans
            </button>
          </>
        }
      >
        <p>A public profile needs a paid plan. Pick the plan that suits your practice; you can build your profile right after.</p>
      </Dialog>
      <Dialog
        open={modal === 'setup'}
        title="Set up your profile"
        onClose={() => setModal(undefined)}
        footer={
          <>
            <button type="button" className="button" onClick={() => setModal(undefined)}>
              Cancel
            </button>
            <button type="button" className="button button-primary" onClick={goToSetup}>
              Go to Setup
            </button>
          </>
        }
      >
        <p>You have not submitted your profile yet. Set it up so pet owners can find your practice.</p>
      </Dialog>
    </>
  );
}
