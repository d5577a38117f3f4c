// The heart on search cards, /myvets and profiles (docs/product.md section 21): saves a practice to My vets
// or takes it off. A visitor is sent to sign in and comes back with `?save=<id>`, and that practice's heart
// saves it once the session is there (the sign-in return path, docs/decisions/029-sign-in-return-path.md).
// The browser also remembers the tap (local storage, so that the verification e-mail's link, opened in another tab,
// still saves it, docs/product.md section 26): a `save` link someone else made saves nothing by itself.
import { signInPath } from '../../../../shared/lib/next-path';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { toast } from '../../../lib/toast';
import { useFavoritesQuery, useSetFavoriteMutation } from '../api/favorites';
import '../doctors.css';

/** The address parameter that carries a favourite through signing in. */
export const SAVE_PARAM = 'save';
/** The local-storage key that says this browser's visitor tapped that heart. */
const PENDING_KEY = 'animaldoctorPendingFavorite';

function takePending(doctorId: number): boolean {
  try {
    const pending = localStorage.getItem(PENDING_KEY);
    localStorage.removeItem(PENDING_KEY);
    return pending === String(doctorId);
  } catch {
    return false;
  }
}

export function FavoriteButton({ doctorId, name }: { doctorId: number; name: string }) {
  const logined = useAppSelector((state) => state.auth.logined);
  const restoring = useAppSelector((state) => state.auth.restoring);
  const { saved, loaded } = useFavoritesQuery(undefined, {
    skip: !logined,
    selectFromResult: ({ data }) => ({ saved: data?.data.some((card) => card.id === doctorId) ?? false, loaded: data !== undefined }),
  });
  const [setFavorite, { isLoading: busy }] = useSetFavoriteMutation();
  // What the person just asked for, shown until the list says the same (the heart answers at once).
  const [asked, setAsked] = useState<boolean>();
  useEffect(() => setAsked(undefined), [saved]);
  const pressed = asked ?? saved;
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();

  const change = async (favorite: boolean) => {
    setAsked(favorite);
    try {
      const answer = await setFavorite({ doctor_id: doctorId, favorite }).unwrap();
      toast.success(answer.message);
    } catch {
      // The API client showed the server's sentence; the heart goes back to what the list says.
      setAsked(undefined);
    }
  };

  // Back from signing in with ?save=<this practice>: saved once, and the address forgets the parameter.
  const wantsSave = params.get(SAVE_PARAM) === String(doctorId);
  useEffect(() => {
    if (!wantsSave || restoring || !logined || !loaded) return;
    setParams(
      (current) => {
        current.delete(SAVE_PARAM);
        return current;
      },
      { replace: true },
    );
    if (takePending(doctorId) && !saved) void change(true);
    // `change` is a fresh function each render; the parameter makes this run once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantsSave, restoring, logined, loaded, saved, setParams]);

  const toggle = () => {
    if (!logined) {
      const back = new URLSearchParams(location.search);
      back.set(SAVE_PARAM, String(doctorId));
      try {
        localStorage.setItem(PENDING_KEY, String(doctorId));
      } catch {
        // Storage refused (a private window's quota): the practice is not saved after signing in; the heart says so.
      }
      navigate(signInPath(`${location.pathname}?${back}`));
      return;
    }
    void change(!pressed);
  };

  return (
    <button
      type="button"
      className="favorite-button"
      aria-pressed={pressed}
      aria-label={`Save ${name} to My vets`}
      title={pressed ? 'Saved to My vets' : 'Save to My vets'}
      disabled={busy}
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M12 20.5s-7.5-4.6-9.4-9.2C1.3 8 3.4 4.5 6.9 4.5c2 0 3.5 1.1 4.3 2.5h1.6c.8-1.4 2.3-2.5 4.3-2.5 3.5 0 5.6 3.5 4.3 6.8-1.9 4.6-9.4 9.2-9.4 9.2z" />
      </svg>
    </button>
  );
}
