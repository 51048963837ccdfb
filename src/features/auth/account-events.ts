import { createAction } from '@reduxjs/toolkit';

/**
 * The user's account no longer exists (they deleted it). Dispatched before the sign-out
 * (`sessionEnded`), so a slice that keeps a user's data across sign-outs forgets it here.
 */
export const accountDeleted = createAction<{ userId: string }>('auth/accountDeleted');
