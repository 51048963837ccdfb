import { createAction } from '@reduxjs/toolkit';
import type { SyncChange } from './change-set';

/** Rows the sync engine wrote locally (pulled, pushed, conflict copies); slices mirror them. */
export const syncRowsChanged = createAction<SyncChange>('sync/rowsChanged');

/** A feature committed a local write and its outbox entry; the sync engine should push soon. */
export const outboxWritten = createAction<{ entity: string }>('sync/outboxWritten');
