import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState, signedIn, userUpdated } from './auth-slice';

const grace = {
  id: '5d0c6a2e-3f1b-4c8e-9a7d-1b2c3d4e5f60',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
};

describe('auth reducer', () => {
  it('keeps the same state when the same user is announced again', () => {
    // The kept session opens the app; the client then announces the user once or twice more.
    const opened = authReducer(initialAuthState, signedIn({ ...grace }));
    expect(opened).toMatchObject({ status: 'signedIn', user: grace });
    expect(authReducer(opened, signedIn({ ...grace }))).toBe(opened);
    expect(authReducer(opened, userUpdated({ ...grace }))).toBe(opened);
  });

  it('takes a changed user, or another one', () => {
    const opened = authReducer(initialAuthState, signedIn({ ...grace }));
    const renamed = authReducer(opened, userUpdated({ ...grace, lastName: 'Murray Hopper' }));
    expect(renamed.user).toEqual({ ...grace, lastName: 'Murray Hopper' });
    const other = { ...grace, id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' };
    expect(authReducer(opened, signedIn(other)).user).toEqual(other);
  });
});
