// The header's user dropdown (docs/product.md, Screens and routes: header; Client state and flows: header profile flow).
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '../../../shared/constants/messages';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../lib/toast';
import { useAppDispatch, useAppSelector } from '../store';
import { hasPaidPlan, isAdmin, isOwner, isSubmitted, logout, signedInUser } from '../../features/auth/auth-slice';
import { useOpenAppointmentCount } from '../../features/appointments';

type Modal = 'plans' | 'setup' | undefined;

export function UserMenu() {
  const user = useAppSelector(signedInUser);
  const admin = useAppSelector(isAdmin);
  const owner = useAppSelector(isOwner);
  const paid = useAppSelector(hasPaidPlan);
  const submitted = useAppSelector(isSubmitted);
  // A practice sees how many appointment requests wait for its answer (docs/product.md 19.2).
  const waiting = useOpenAppointmentCount(Boolean(user) && !admin && !owner && submitted);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [modal, setModal] = useState<Modal>();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDocument = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDocument);
    document.addEventListener('keydown', onDocument);
    return () => {
      document.removeEventListener('mousedown', onDocument);
      document.removeEventListener('keydown', onDocument);
    };
  }, [open]);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  const createOrEditProfile = () => (paid ? navigate('/setupprofile') : setModal('plans'));
  const yourProfile = () => (submitted ? navigate('/viewprofile') : setModal('setup'));
  // 'Go to Setup': a paid plan leads to /setupprofile, otherwise to the plans modal (docs/product.md, Client state and flows).
  const goToSetup = () => {
    if (paid) {
      setModal(undefined);
      navigate('/setupprofile');
    } else {
      setModal('plans');
    }
  };
  const signOut = () => {
    dispatch(logout());
    toast.success(MESSAGES.logout);
    navigate('/home');
  };

  // Spec section 2 (Header): profile entries for vets, management entries for administrators; a pet owner's own
  // entries instead of the profile's (docs/product.md sections 13, 19 and 21).
  const items: { label: string; action: () => void }[] = admin
    ? [
        { label: 'Manage Users', action: () => navigate('/admin') },
        { label: 'Manage Articles', action: () => navigate('/articleeditor') },
      ]
    : owner
      ? [
          { label: 'My vets', action: () => navigate('/myvets') },
          { label: 'My appointments', action: () => navigate('/myappointments') },
          { label: 'My reviews', action: () => navigate('/myreviews') },
        ]
      : [
          { label: submitted ? 'Edit Profile' : 'Create Profile', action: createOrEditProfile },
          { label: 'Your Profile', action: yourProfile },
          ...(waiting > 0 ? [{ label: `Appointment requests (${waiting})`, action: () => navigate('/viewprofile#appointments') }] : []),
        ];
  // Every account has its settings (docs/product.md section 25), and can take its data out or leave (section 22).
  items.push({ label: 'Account settings', action: () => navigate('/account') });
  // The address stays /account; the page scrolls to its 'Your data' part (account-page.tsx).
  items.push({ label: 'Your data', action: () => navigate('/account', { state: { section: 'your-data' } }) });
  items.push({ label: 'Sign out', action: signOut });

  const initials = `${user?.first_name?.[0] ?? ''}${user?.last_name?.[0] ?? ''}`.toUpperCase() || '?';
  return (
    <div className="user-menu" ref={root}>
      <button type="button" className="user-menu-button" aria-haspopup="menu" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((v) => !v)}>
        <span className="avatar" aria-hidden="true">
          {initials}
        </span>
        {/* The name comes from the text (no aria-label), so what is read contains what is shown. */}
        <span className="visually-hidden">Account menu for </span>
        <span className="user-menu-name">{user?.first_name ?? 'you'}</span>
        {waiting > 0 && (
          <span className="user-menu-count">
            {waiting}
            <span className="visually-hidden">{waiting === 1 ? ' appointment request waiting' : ' appointment requests waiting'}</span>
          </span>
        )}
        <span aria-hidden="true" className="caret">
          ▾
        </span>
      </button>
      {open && (
        <ul className="user-menu-list" role="menu" id={menuId}>
          {items.map((item) => (
            <li role="none" key={item.label}>
              <button type="button" role="menuitem" onClick={choose(item.action)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={modal === 'plans'}
        title="Choose a plan first"
        onClose={() => setModal(undefined)}
        footer={
          <>
            <button
              type="button"
              className="button"
              onClick={() => {
                setModal(undefined);
                navigate('/home');
              }}
            >
              Back to home
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setModal(undefined);
                navigate('/services');
              }}
            >
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
    </div>
  );
}
