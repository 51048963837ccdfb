import { createAction } from '@reduxjs/toolkit';

/** Dispatched once by main.tsx after the store exists; features start their reactive flows on it. */
export const appStarted = createAction('app/started');
