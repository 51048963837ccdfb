import { describe, expect, it } from 'vitest';
import type { SocialAccount } from '../social';
import {
  manualNote,
  planAccounts,
  resolvePublishTime,
  validateScheduling,
} from './schedule-request';

const NY = 'America/New_York';
const now = new Date('2026-11-25T13:00:00Z'); // 08:00 in New York

const account = (id: string, platform: SocialAccount['platform']): SocialAccount => ({
  id,
  platform,
  accountName: id,
  category: null,
  connectionStatus: 'connected',
  connectionError: null,
});

describe('resolvePublishTime', () => {
  const choice = { date: '', time: '', timeZone: NY, now, optimal: null };

  it('publishes now at once', () => {
    expect(resolvePublishTime({ ...choice, mode: 'now' })).toEqual({
      ok: true,
      scheduledFor: '2026-11-25T13:00:00.000Z',
      timeRule: null,
    });
  });

  it('reads the inputs in the user’s zone and refuses a time in the past', () => {
    expect(
      resolvePublishTime({ ...choice, mode: 'schedule', date: '2026-11-25', time: '08:30' }),
    ).toEqual({ ok: true, scheduledFor: '2026-11-25T13:30:00.000Z', timeRule: null });
    for (const time of ['07:59', '08:00'])
      expect(resolvePublishTime({ ...choice, mode: 'schedule', date: '2026-11-25', time })).toEqual(
        { ok: false, message: 'Please choose a time in the future.' },
      );
    expect(
      resolvePublishTime({ ...choice, mode: 'schedule', date: '2026-11-24', time: '23:00' }),
    ).toEqual({ ok: false, message: 'Please choose a time in the future.' });
    expect(resolvePublishTime({ ...choice, mode: 'schedule', date: '', time: '10:00' })).toEqual({
      ok: false,
      message: 'Please choose a date and a time.',
    });
  });

  it('takes the optimal time with its rule', () => {
    const optimal = {
      scheduledFor: '2026-11-25T14:00:00.000Z',
      source: 'preferred' as const,
      rule: 'Picked from your preferred posting times: Morning (6 AM-12 PM).',
    };
    expect(resolvePublishTime({ ...choice, mode: 'optimal', optimal })).toEqual({
      ok: true,
      scheduledFor: optimal.scheduledFor,
      timeRule: optimal.rule,
    });
  });
});

describe('validateScheduling', () => {
  it('says the spec’s texts', () => {
    expect(validateScheduling('  ', ['facebook'])).toBe('Please add content before scheduling');
    expect(validateScheduling('Hello', [])).toBe('Please select at least one platform');
    expect(validateScheduling('Hello', ['facebook'])).toBeNull();
  });
});

describe('planAccounts', () => {
  it('asks only for platforms with several accounts; the rest are taken or reminded', () => {
    const plan = planAccounts(['facebook', 'linkedin', 'instagram', 'twitter'], {
      facebook: [account('fb-1', 'facebook'), account('fb-2', 'facebook')],
      linkedin: [account('li-1', 'linkedin')],
    });
    expect(plan.choices.map((c) => [c.platform, c.accounts.map((a) => a.id)])).toEqual([
      ['facebook', ['fb-1', 'fb-2']],
    ]);
    expect(plan.accountIds).toEqual(['li-1']);
    expect(plan.manual).toEqual(['instagram', 'twitter']);
    const none = planAccounts(['linkedin'], { facebook: [], linkedin: [] });
    expect(none).toEqual({ choices: [], accountIds: [], manual: ['linkedin'] });
  });

  it('words the reminder note', () => {
    expect(manualNote([])).toBeNull();
    expect(manualNote(['instagram', 'twitter', 'linkedin'])).toBe(
      'Instagram and X (Twitter) are not published automatically yet and LinkedIn has no connected account, so you get a "Publish it yourself" reminder at the scheduled time, with the text ready to copy.',
    );
  });
});
