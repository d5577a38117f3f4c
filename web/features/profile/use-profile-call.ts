// Runs one profile call the way docs/product.md, Client state and flows says: a 200 replaces the stored user; a 201/202
// text shows as a warning toast. Failures are toasted by the API client; the form keeps its input.
import { useState } from 'react';
import { MESSAGES } from '../../../shared/constants/messages';
import type { User } from '../../../shared/types/user';
import { useAppDispatch } from '../../app/store';
import { toast } from '../../lib/toast';
import { userReplaced } from '../auth';
import type { ProfileAnswer } from './api/profile-answer';

export function useProfileCall() {
  const dispatch = useAppDispatch();
  const [pending, setPending] = useState(false);

  /** Resolves to the new user on 200, or undefined when the server named a problem or the call failed. */
  const run = async (call: () => Promise<ProfileAnswer>, options: { savedToast?: boolean } = {}): Promise<User | undefined> => {
    setPending(true);
    try {
      const { status, data } = await call();
      if (status === 200 && typeof data === 'object') {
        dispatch(userReplaced(data));
        if (options.savedToast) toast.success(MESSAGES.saved);
        return data;
      }
      toast.warning(typeof data === 'string' ? data : MESSAGES.errorCorrupted);
      return undefined;
    } catch {
      return undefined;
    } finally {
      setPending(false);
    }
  };
  return { run, pending };
}
