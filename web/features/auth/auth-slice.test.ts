// The stored session's check around a page the server rendered (docs/decisions/089-server-rendering-with-react.md):
// the browser hydrates a visitor's screen, then checks the stored token, and `restoring` says so meanwhile.
import { describe, expect, it } from 'vitest';
import { authReducer, restoreSession, sessionRestoreDeferred } from './auth-slice';

describe('auth slice: restoring the stored session', () => {
  it('is not restoring while a server-rendered page hydrates, and is again from the moment the check starts', () => {
    const stored = { ...authReducer(undefined, { type: 'init' }), restoring: true };
    const hydrating = authReducer(stored, sessionRestoreDeferred());
    expect(hydrating).toMatchObject({ restoring: false, logined: false });
    const checking = authReducer(hydrating, restoreSession.pending('request-1'));
    expect(checking.restoring).toBe(true);
    const refused = authReducer(checking, restoreSession.rejected(null, 'request-1', undefined, { reason: 'refused', token: 't' }));
    expect(refused).toMatchObject({ restoring: false, logined: false });
  });
});
