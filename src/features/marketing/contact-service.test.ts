import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_SEND_DELAY_MS, sendContactMessage } from './contact-service';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('sendContactMessage', () => {
  it('resolves after the simulated 2000 ms delay and not before', async () => {
    expect(CONTACT_SEND_DELAY_MS).toBe(2000);
    let settled = false;
    const sending = sendContactMessage({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Other',
      message: 'Hello there, friend',
    }).then(() => {
      settled = true;
    });

    await vi.advanceTimersByTimeAsync(1999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sending;
    expect(settled).toBe(true);
  });
});
