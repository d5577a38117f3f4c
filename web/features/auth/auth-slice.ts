// Auth state (docs/product.md, Client state and flows): logined, token, user; plus whether the stored session was checked.
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Session, User } from '../../../shared/types/user';
import { MESSAGES } from '../../../shared/constants/messages';
import { api, ApiError } from '../../lib/api-client';
import { readStoredToken } from '../../lib/session-storage';
import { toast } from '../../lib/toast';

export interface AuthState {
  logined: boolean;
  token: string;
  /** `{}` when nobody is signed in (spec: "user (object, initially empty)"). */
  user: User | Record<string, never>;
  /** True while the stored token is being exchanged at start-up; guards wait for it. */
  restoring: boolean;
}

const initialState: AuthState = { logined: false, token: '', user: {}, restoring: readStoredToken() !== null };

/** Why a stored session did not come back: nothing stored, the server refused the token, or no answer came. */
export type RestoreFailure = { reason: 'none' } | { reason: 'refused' | 'unanswered'; token: string };

/**
 * Spec section 4: on start, if a stored login token exists, the session is restored. Only the server's refusal
 * of the token is a failed login that removes it (docs/decisions/079-stored-session-kept-without-an-answer.md):
 * no answer (offline, a server error, or the page left while the request was in flight) keeps it for the next load.
 */
export const restoreSession = createAsyncThunk<Session, void, { rejectValue: RestoreFailure }>('auth/restoreSession', async (_, { rejectWithValue }) => {
  const token = readStoredToken();
  if (!token) return rejectWithValue({ reason: 'none' });
  try {
    const { data } = await api.post<Session>('/user/login-with-token', { token }, { silent: true });
    return data;
  } catch (error) {
    const status = error instanceof ApiError ? error.status : undefined;
    if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
      toast.error(MESSAGES.tokenLoginFailed);
      return rejectWithValue({ reason: 'refused', token });
    }
    toast.error(MESSAGES.serverDisconnected);
    return rejectWithValue({ reason: 'unanswered', token });
  }
});

// Reducers stay pure: the stored token and the API client's header follow these actions in
// ./session-persistence.ts.
const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Stores token and user without logging in (register 200, login 201). */
    setSession(state, action: PayloadAction<Session>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
    },
    loggedIn(state, action: PayloadAction<Session>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.logined = true;
      state.restoring = false;
    },
    /** A user object returned by any profile call replaces the stored user (docs/product.md, Client state and flows). */
    userReplaced(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    /**
     * The page came rendered by the server as a visitor sees it, and the browser first hydrates that same screen
     * (docs/decisions/089-server-rendering-with-react.md): the stored session is checked right after, and `restoring`
     * turns on again then (restoreSession.pending).
     */
    sessionRestoreDeferred(state) {
      state.restoring = false;
    },
    logout(state) {
      state.logined = false;
      state.user = {};
      state.token = '';
      state.restoring = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(restoreSession.pending, (state) => {
        state.restoring = true;
      })
      .addCase(restoreSession.fulfilled, (state, action) => {
        // A sign-in, verification or sign-out in this tab settled the session while the check was out (the e-mailed
        // link opened in a new tab checks the unverified account's stored token as it verifies): that answer is old.
        if (!state.restoring) return;
        state.token = action.payload.token;
        state.user = action.payload.user;
        state.logined = action.payload.user.verify;
        state.restoring = false;
      })
      .addCase(restoreSession.rejected, (state) => {
        if (!state.restoring) return; // settled meanwhile, as above
        // Failed login by stored token: the stored token is removed and logined is set to false.
        state.restoring = false;
        state.logined = false;
        state.token = '';
        state.user = {};
      });
  },
});

export const { setSession, loggedIn, userReplaced, sessionRestoreDeferred, logout } = authSlice.actions;
export const authReducer = authSlice.reducer;

export function signedInUser(state: { auth: AuthState }): User | undefined {
  return 'id' in state.auth.user ? (state.auth.user as User) : undefined;
}
export const isAdmin = (state: { auth: AuthState }) => state.auth.logined && signedInUser(state)?.manage_role === 'admin';
export const hasPaidPlan = (state: { auth: AuthState }) => state.auth.logined && (signedInUser(state)?.payment?.plan ?? 0) > 0;
/** A pet owner's account (docs/product.md section 13): its menu shows the owner's entries instead of the profile's. */
export const isOwner = (state: { auth: AuthState }) => signedInUser(state)?.account_type === 'owner';
export const isSubmitted = (state: { auth: AuthState }) => Boolean(signedInUser(state)?.submit_at);
