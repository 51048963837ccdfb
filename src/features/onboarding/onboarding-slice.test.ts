import { describe, expect, it } from 'vitest';
import type { OnboardingRecord } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { sessionEnded } from '../auth';
import { profileFromUser } from '../profile';
import { makeOnboardingForm } from '../../testing/factories';
import { emptyForm } from './onboarding-form';
import {
  answersForWizard,
  pickSummary,
  recordFromForm,
  summaryFromRecord,
  type ProfileSummaryRow,
} from './onboarding-record';
import {
  initialOnboardingState,
  localOnboardingRead,
  onboardingChecked,
  onboardingCompleted,
  onboardingReducer,
  selectOnboardingStatus,
  selectRefusedSave,
  type OnboardingState,
} from './onboarding-slice';

const form = makeOnboardingForm({ businessName: '  Corner Shop ' });

const row = (over: Partial<OnboardingRecord> = {}): OnboardingRecord => ({
  ...recordFromForm(form, {
    id: 'u1',
    userId: 'u1',
    completedAt: '2026-03-04T05:06:07.000Z',
    version: null,
  }),
  ...over,
});

const refusal = { seq: 7, code: '23514', message: 'violates check constraint' };

function reduce(...actions: Parameters<typeof onboardingReducer>[1][]): OnboardingState {
  return actions.reduce(onboardingReducer, initialOnboardingState);
}

const status = (state: OnboardingState, userId = 'u1') =>
  selectOnboardingStatus({ onboarding: state }, userId);
const refused = (state: OnboardingState, userId = 'u1') =>
  selectRefusedSave({ onboarding: state }, userId);
const read = (over: Partial<Parameters<typeof localOnboardingRead>[0]> = {}) =>
  localOnboardingRead({ userId: 'u1', gen: 0, row: null, waiting: false, refused: [], ...over });

describe('the local onboarding row', () => {
  it('maps the wizard onto onboarding_data with the final save’s defaults (§3)', () => {
    expect(row()).toMatchObject({
      id: 'u1',
      userId: 'u1',
      businessName: 'Corner Shop',
      businessType: 'retail',
      location: 'Not specified',
      primaryGoal: 'leads',
      targetAudience: 'consumers',
      postingFrequency: 'daily',
      contentPreferences: ['educational'],
      completedAt: '2026-03-04T05:06:07.000Z',
      version: null,
    });
    expect(row().answers).toEqual(form);
    expect(
      recordFromForm(
        { ...form, mainAudience: '', postingFrequency: '' },
        { id: 'x', userId: 'u1', completedAt: '', version: 2 },
      ),
    ).toMatchObject({
      targetAudience: 'General audience',
      postingFrequency: 'regular',
      version: 2,
    });
  });

  it('writes the account’s email and names to the profile, blank ones as not sent', () => {
    expect(
      profileFromUser({ id: 'u1', email: 'ada@example.com', firstName: ' Ada ', lastName: '' }),
    ).toMatchObject({
      id: 'u1',
      userId: 'u1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: null,
      version: null,
    });
  });

  it('shows this device’s row while its save is unsettled, else the newer of the two', () => {
    const local = row({ businessName: 'Local Name', version: 2 });
    const server: ProfileSummaryRow = {
      ...summaryFromRecord(row({ businessName: 'Server Name' })),
      version: 3,
    };
    const name = (r: ProfileSummaryRow | null) => r?.business_name ?? null;
    expect(name(pickSummary(null, null))).toBeNull();
    expect(name(pickSummary(server, null))).toBe('Server Name');
    expect(name(pickSummary(null, { row: local, waiting: false, refused: false }))).toBe(
      'Local Name',
    );
    expect(name(pickSummary(server, { row: local, waiting: false, refused: false }))).toBe(
      'Server Name',
    );
    expect(name(pickSummary(server, { row: local, waiting: true, refused: false }))).toBe(
      'Local Name',
    );
    expect(name(pickSummary(server, { row: local, waiting: false, refused: true }))).toBe(
      'Local Name',
    );
    expect(
      name(pickSummary(server, { row: { ...local, version: 3 }, waiting: false, refused: false })),
    ).toBe('Local Name');
  });

  it('pre-fills the wizard from a row’s whole form, else from the fallback', () => {
    expect(answersForWizard({ answers: form }, null)?.businessName).toBe('  Corner Shop ');
    const fallback = emptyForm('UTC');
    expect(answersForWizard({ answers: {} }, fallback)).toBe(fallback);
    expect(answersForWizard(null, null)).toBeNull();
  });
});

describe('the onboarding gate’s verdict', () => {
  it('waits for the server check when nothing is known on this device', () => {
    expect(status(initialOnboardingState)).toBe('unknown');
    expect(status(reduce(read()))).toBe('unknown');
    expect(status(reduce(read(), onboardingChecked({ userId: 'u1', complete: false })))).toBe(
      'incomplete',
    );
    expect(status(reduce(onboardingChecked({ userId: 'u1', complete: true })))).toBe('complete');
    expect(status(reduce(onboardingChecked({ userId: 'u2', complete: true })))).toBe('unknown');
  });

  it('counts a completion queued on this device at once, whatever the server says yet', () => {
    const completed = reduce(
      onboardingChecked({ userId: 'u1', complete: false }),
      onboardingCompleted({ userId: 'u1', answers: form, row: row() }),
    );
    expect(status(completed)).toBe('complete');
    expect(completed.local).toEqual({ userId: 'u1', row: row(), waiting: true, refused: [] });
    expect(completed.completed).toBe(true);
    expect(status(completed, 'u2')).toBe('unknown');
  });

  it('counts a row found on this device (queued or pulled) before the server answers', () => {
    expect(status(reduce(read({ row: row(), waiting: true })))).toBe('complete');
    expect(status(reduce(read({ row: row({ version: 3 }) })))).toBe('complete');
  });

  it('does not count a first completion the server refused, unless the server has a row', () => {
    const refusedFirst = reduce(
      onboardingCompleted({ userId: 'u1', answers: form, row: row() }),
      read({ gen: 1, row: row(), refused: [refusal] }),
    );
    expect(refused(refusedFirst)).toEqual(refusal);
    expect(status(refusedFirst)).toBe('unknown');
    expect(
      status(onboardingReducer(refusedFirst, onboardingChecked({ userId: 'u1', complete: false }))),
    ).toBe('incomplete');
    // The cached flag was set by the refused completion itself: it cannot vouch for a row.
    expect(
      status(
        onboardingReducer(
          refusedFirst,
          onboardingChecked({ userId: 'u1', complete: true, source: 'cache' }),
        ),
      ),
    ).toBe('incomplete');
    expect(
      status(onboardingReducer(refusedFirst, onboardingChecked({ userId: 'u1', complete: true }))),
    ).toBe('complete');
  });

  it('lets the device’s flag open the pages until the server says otherwise', () => {
    const cached = reduce(onboardingChecked({ userId: 'u1', complete: true, source: 'cache' }));
    expect(status(cached)).toBe('complete');
    expect(
      status(onboardingReducer(cached, onboardingChecked({ userId: 'u1', complete: false }))),
    ).toBe('incomplete');
  });

  it('keeps a user whose row reached the server complete when a later update is refused', () => {
    const state = reduce(
      onboardingChecked({ userId: 'u1', complete: false }),
      read({ row: row({ version: 2 }), refused: [refusal] }),
    );
    expect(status(state)).toBe('complete');
    expect(refused(state)).toEqual(refusal);
  });

  it('forgets the refusal once a newer save waits or completing again supersedes it', () => {
    expect(refused(reduce(read({ row: row(), refused: [refusal], waiting: true })))).toBeNull();
    const again = reduce(
      read({ row: row(), refused: [refusal] }),
      onboardingCompleted({ userId: 'u1', answers: form, row: row() }),
    );
    expect(refused(again)).toBeNull();
    expect(status(again)).toBe('complete');
  });

  it('drops a read that started before the latest completion', () => {
    const state = reduce(
      onboardingCompleted({ userId: 'u1', answers: form, row: row() }),
      read({ gen: 0, row: null, refused: [refusal] }),
    );
    expect(state.local.row).toEqual(row());
    expect(refused(state)).toBeNull();
  });

  it('takes the row the sync engine stored, and undoes the completion when it is discarded', () => {
    const completed = reduce(onboardingCompleted({ userId: 'u1', answers: form, row: row() }));
    const synced = onboardingReducer(
      completed,
      syncRowsChanged({
        entity: 'onboarding_data',
        upserted: [row({ id: 'server-id', version: 1 }), row({ userId: 'u2', id: 'u2' })],
        removed: [],
      }),
    );
    expect(synced.local).toMatchObject({
      row: { id: 'server-id', version: 1 },
      waiting: false,
      refused: [],
    });
    const draftsOnly = onboardingReducer(
      synced,
      syncRowsChanged({ entity: 'post_drafts', upserted: [], removed: ['server-id'] }),
    );
    expect(draftsOnly).toBe(synced);

    const discarded = onboardingReducer(
      completed,
      syncRowsChanged({ entity: 'onboarding_data', upserted: [], removed: ['u1'] }),
    );
    expect(discarded.local.row).toBeNull();
    expect(discarded.completed).toBe(false);
    expect(
      status(onboardingReducer(discarded, onboardingChecked({ userId: 'u1', complete: false }))),
    ).toBe('incomplete');
  });

  it('forgets the device row and the check at sign-out, but keeps the persisted answers', () => {
    const state = reduce(
      onboardingChecked({ userId: 'u1', complete: true }),
      onboardingCompleted({ userId: 'u1', answers: form, row: row() }),
      sessionEnded(),
    );
    expect(state.local.userId).toBeNull();
    expect(state.check).toBe('unknown');
    expect(state.answers).toEqual(form);
    expect(state.completed).toBe(true);
  });
});
