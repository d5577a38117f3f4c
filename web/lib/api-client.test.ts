// The one API client's session rule (docs/product.md, Accounts and tokens): a 401 on a call that carried the
// token the app holds signs out; a 401 on a call sent with a token since replaced does not.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, onSessionEnded, setAuthToken } from './api-client';

/** A fetch that answers 401 once `release` is called, so a test can change the token while the call is out. */
function pendingUnauthorized() {
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await answered;
      return new Response(JSON.stringify({ message: 'Your session has ended. Please sign in again.', code: 'UNAUTHENTICATED' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return release;
}

describe('a 401 and the session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setAuthToken('');
  });

  it('signs out when the refused call carried the token the app still holds', async () => {
    const ended = vi.fn();
    onSessionEnded(ended);
    setAuthToken('token-a');
    const release = pendingUnauthorized();
    const call = apiRequest('/user/me', {}, { silent: true });
    release();
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('keeps a session that replaced the token while the refused call was out', async () => {
    const ended = vi.fn();
    onSessionEnded(ended);
    setAuthToken('token-before-verification');
    const release = pendingUnauthorized();
    const call = apiRequest('/user/me', {}, { silent: true });
    // The e-mail link's verification signs in with a new token before the old call's answer arrives.
    setAuthToken('token-after-verification');
    release();
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
  });
});
