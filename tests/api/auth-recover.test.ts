import { AuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, followMailLink, mailTo } from './auth-helpers.ts';
import { startTestServer, uniqueEmail, type TestServer } from './harness.ts';

const APP = 'http://localhost:5173/reset-password';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('password recovery through the local mailbox', () => {
  it('mails a one-time link that signs the user in so they can set a new password', async () => {
    const { email, password } = await server.signedInClient({ password: 'forgotten-password' });
    const { data, error } = await server
      .anonClient()
      .auth.resetPasswordForEmail(email, { redirectTo: APP });
    expect(error).toBeNull();
    expect(data).toEqual({});

    const mails = await mailTo(server, email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ recipient: email, subject: 'Reset Your Password' });
    expect(mail.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const link = new URL(mail.link!);
    expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(APP);
    expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(32);
    expect(mail.body).toContain(mail.link!);

    const followed = await followMailLink(mail.link!);
    expect(followed.status).toBe(303);
    expect(followed.location.startsWith(`${APP}#`)).toBe(true);
    const hash = followed.fragment;
    expect(hash.get('type')).toBe('recovery');
    expect(hash.get('token_type')).toBe('bearer');
    expect(Number(hash.get('expires_in'))).toBe(3600);
    expect(Number(hash.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);

    const client = server.anonClient();
    const set = await client.auth.setSession({
      access_token: hash.get('access_token')!,
      refresh_token: hash.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    expect(set.data.user?.email).toBe(email);
    const updated = await client.auth.updateUser({ password: 'remembered-password' });
    expect(updated.error).toBeNull();

    const fresh = await server
      .anonClient()
      .auth.signInWithPassword({ email, password: 'remembered-password' });
    expect(fresh.error).toBeNull();
    const old = await server.anonClient().auth.signInWithPassword({ email, password });
    expect(old.error).toBeInstanceOf(AuthApiError);
    expect(old.error?.code).toBe('invalid_credentials');

    const reused = await followMailLink(mail.link!);
    expect(reused.status).toBe(303);
    expect(reused.location).toBe(
      `${APP}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
    );
  });

  it('answers {} for an unknown address and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const { data, error } = await server
      .anonClient()
      .auth.resetPasswordForEmail(email, { redirectTo: APP });
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await mailTo(server, email)).toEqual([]);
  });

  it('refuses an invalid address (400 validation_failed)', async () => {
    const { error } = await server
      .anonClient()
      .auth.resetPasswordForEmail('nope@', { redirectTo: APP });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe('Unable to validate email address: invalid format');
  });

  it('sends at most one mail a minute to an address (429 over_email_send_rate_limit)', async () => {
    const { email } = await server.signedInClient();
    expect((await server.anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const { error } = await server.anonClient().auth.resetPasswordForEmail(email);
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_email_send_rate_limit');
    expect(error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
    expect(await mailTo(server, email)).toHaveLength(1);
  });

  it('answers a second request within the minute alike, whether or not the address has an account', async () => {
    const { email: known } = await server.signedInClient();
    const unknown = uniqueEmail('nobody');
    const answers = [];
    for (const email of [known, unknown]) {
      const first = await authFetch(server, '/recover', {
        method: 'POST',
        body: JSON.stringify({ email }),
      });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({});
      // Any spelling of the address counts as the same address.
      const second = await authFetch(server, '/recover', {
        method: 'POST',
        body: JSON.stringify({ email: ` ${email.toUpperCase()} ` }),
      });
      answers.push(second);
    }
    for (const second of answers) {
      expect(second.status).toBe(429);
      expect(second.body?.code).toBe('over_email_send_rate_limit');
      expect(second.body?.message).toMatch(
        /^For security purposes, you can only request this after (60|59|58) seconds\.$/,
      );
      expect(Object.keys(second.body!).sort()).toEqual(['code', 'message']);
    }
    expect(await mailTo(server, known)).toHaveLength(1);
    expect(await mailTo(server, unknown)).toEqual([]);

    const { error } = await server.anonClient().auth.resetPasswordForEmail(unknown);
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_email_send_rate_limit');
  });

  it('refuses a link older than an hour', async () => {
    const { email, userId } = await server.signedInClient();
    expect(
      (await server.anonClient().auth.resetPasswordForEmail(email, { redirectTo: APP })).error,
    ).toBeNull();
    await server.db.query(
      `update auth.users set recovery_sent_at = now() - interval '61 minutes' where id = $1`,
      [userId],
    );
    const [mail] = await mailTo(server, email);
    const followed = await followMailLink(mail!.link!);
    expect(followed.status).toBe(303);
    expect(followed.fragment.get('error_code')).toBe('otp_expired');
    expect(followed.fragment.has('access_token')).toBe(false);
  });

  it('never sends the tokens to a foreign site named in redirect_to', async () => {
    const { email } = await server.signedInClient();
    const res = await authFetch(
      server,
      `/recover?redirect_to=${encodeURIComponent('https://evil.example/steal')}`,
      {
        method: 'POST',
        body: JSON.stringify({ email }),
      },
    );
    expect(res.status).toBe(200);
    const [mail] = await mailTo(server, email);
    expect(mail!.link).not.toContain('evil.example');
    const tampered = new URL(mail!.link!);
    tampered.searchParams.set('redirect_to', 'https://evil.example/steal');
    const followed = await followMailLink(tampered.toString());
    expect(followed.status).toBe(303);
    expect(followed.location.startsWith(`${server.url}#`)).toBe(true);
    expect(followed.fragment.get('type')).toBe('recovery');
  });

  it('answers a link without a token or with an unknown type with 400', async () => {
    const noToken = await authFetch(server, '/verify?type=recovery');
    expect(noToken.status).toBe(400);
    expect(noToken.body).toEqual({
      code: 'validation_failed',
      message: 'Verify requires a token or a token hash',
    });
    const badType = await authFetch(server, '/verify?type=teleport&token=abc');
    expect(badType.status).toBe(400);
    expect(badType.body?.message).toBe('Unsupported verification type');
  });
});

describe('GET /local/mail', () => {
  it('shows a readable, escaped HTML page, newest first', async () => {
    const email = `o'brien&co-${Date.now().toString(36)}@example.com`;
    await server.signedInClient({ email });
    expect(
      (await server.anonClient().auth.resetPasswordForEmail(email, { redirectTo: APP })).error,
    ).toBeNull();
    const [mail] = await mailTo(server, email);

    const res = await fetch(`${server.url}/local/mail`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain(email.replace('&', '&amp;').replace("'", '&#39;'));
    expect(html).not.toContain(email);
    const escapedLink = mail!.link!.replaceAll('&', '&amp;');
    expect(html).toContain(`<a href="${escapedLink}">`);

    const all = (await (
      await fetch(`${server.url}/local/mail`, { headers: { Accept: 'application/json' } })
    ).json()) as {
      id: number;
    }[];
    expect(all.length).toBeGreaterThan(1);
    expect(all[0]!.id).toBe(mail!.id);
    expect(all.map((m) => m.id)).toEqual([...all.map((m) => m.id)].sort((a, b) => b - a));
  });

  it('filters by recipient case-insensitively', async () => {
    const { email } = await server.signedInClient();
    expect((await server.anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const mails = await mailTo(server, email.toUpperCase());
    expect(mails.map((m) => m.recipient)).toEqual([email]);
  });

  it('is not served to proxied or remote callers without the service_role key', async () => {
    const proxied = await fetch(`${server.url}/local/mail?format=json`, {
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(proxied.status).toBe(403);
    const withKey = await fetch(`${server.url}/local/mail?format=json`, {
      headers: { 'X-Forwarded-For': '203.0.113.9', apikey: server.keys.serviceRoleKey },
    });
    expect(withKey.status).toBe(200);
    const withAnon = await fetch(`${server.url}/local/mail?format=json`, {
      headers: { 'X-Forwarded-For': '203.0.113.9', apikey: server.keys.anonKey },
    });
    expect(withAnon.status).toBe(403);
  });
});
