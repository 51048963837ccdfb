import { describe, expect, it } from 'vitest';
import type { ServerContext } from '../context.ts';
import { emailRateLimited } from './errors.ts';
import { isAllowedRedirect, MailThrottle, redirectTarget } from './email-links.ts';

function ctx(siteUrl: string | undefined, apiUrl = 'http://127.0.0.1:54321'): ServerContext {
  return { apiUrl, config: { siteUrl } } as ServerContext;
}

describe('redirect targets of emailed links', () => {
  it('allows the site, the API and, while the site is local, loopback origins', () => {
    const local = ctx(undefined);
    expect(isAllowedRedirect(local, 'http://localhost:5173/reset')).toBe(true);
    expect(isAllowedRedirect(local, 'http://127.0.0.1:4173/')).toBe(true);
    expect(isAllowedRedirect(local, 'http://127.0.0.1:54321/x')).toBe(true);
    expect(isAllowedRedirect(local, 'https://evil.example/steal')).toBe(false);
    expect(isAllowedRedirect(local, 'javascript:alert(1)')).toBe(false);
    expect(isAllowedRedirect(local, 'not a url')).toBe(false);
  });

  it('allows only the site and the API once the site is public', () => {
    const hosted = ctx('https://app.example.com', 'https://api.example.com');
    expect(isAllowedRedirect(hosted, 'https://app.example.com/reset')).toBe(true);
    expect(isAllowedRedirect(hosted, 'https://api.example.com/')).toBe(true);
    expect(isAllowedRedirect(hosted, 'http://localhost:5173/reset')).toBe(false);
    expect(isAllowedRedirect(hosted, 'https://app.example.com.evil.example/')).toBe(false);
  });

  it('falls back from the requested URL to the Origin, then to the site or the API', () => {
    const hosted = ctx('https://app.example.com');
    expect(redirectTarget(hosted, 'https://app.example.com/a', 'https://app.example.com')).toBe(
      'https://app.example.com/a',
    );
    expect(redirectTarget(hosted, 'https://evil.example/', 'https://app.example.com')).toBe(
      'https://app.example.com',
    );
    expect(redirectTarget(hosted, undefined, 'https://evil.example')).toBe(
      'https://app.example.com',
    );
    expect(redirectTarget(ctx(undefined), undefined, undefined)).toBe('http://127.0.0.1:54321');
  });
});

describe('the one-mail-a-minute throttle', () => {
  it('lets an address ask again once the minute is over, and counts the seconds left', () => {
    let now = 1_000_000;
    const throttle = new MailThrottle(60_000, () => now);
    expect(throttle.claim('a@example.com')).toBe(0);
    expect(throttle.claim('a@example.com')).toBe(60);
    expect(throttle.claim('b@example.com')).toBe(0);
    now += 59_500;
    expect(throttle.claim('a@example.com')).toBe(1);
    now += 500;
    expect(throttle.claim('a@example.com')).toBe(0);
    expect(throttle.claim('a@example.com')).toBe(60);
  });

  it('forgets addresses whose minute is over', () => {
    let now = 0;
    const throttle = new MailThrottle(60_000, () => now);
    for (let i = 0; i < 100; i++) throttle.claim(`user${i}@example.com`);
    expect(throttle.size).toBe(100);
    now += 60_000;
    throttle.claim('late@example.com');
    expect(throttle.size).toBe(1);
  });

  it('says how long to wait in a sentence the app can show', () => {
    expect(emailRateLimited(42).message).toBe(
      'For security purposes, you can only request this after 42 seconds.',
    );
    expect(emailRateLimited(1).message).toBe(
      'For security purposes, you can only request this after 1 second.',
    );
    expect(emailRateLimited(42).headers['Retry-After']).toBe('42');
  });
});
