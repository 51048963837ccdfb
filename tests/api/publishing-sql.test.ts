import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import {
  addAccount,
  claim,
  finish,
  makeDue,
  noticesOf,
  postRow,
  schedule,
  targetsOf,
} from './publishing-helpers.ts';
import { createUser } from './rest-helpers.ts';

// The database side of scheduling and publishing (docs/publishing.md, "Database"): scheduled
// posts through sync, the targets the server builds, the lock, and the publisher's claim/finish.

let server: TestServer;
let service: SupabaseClient;

beforeAll(async () => {
  server = await startTestServer();
  service = server.serviceClient();
});

afterAll(async () => {
  await server?.close();
});

describe('a post from scheduling to published', () => {
  it('is scheduled, claimed when due, published with a notice', async () => {
    const u = await createUser(server);
    const page = await addAccount(server, u.userId, 'facebook', 'Bloom Cafe');
    const { id } = await schedule(u.client);
    const [target] = await targetsOf(server, id);
    expect(target).toMatchObject({ account_id: page, kind: 'auto', status: 'scheduled' });

    await makeDue(server, id);
    const attempt = randomUUID();
    const claimed = (await claim(service, attempt)).filter((c) => c.post_id === id);
    expect(claimed).toEqual([
      expect.objectContaining({ id: target!.id, attempt_id: attempt, attempts: 1 }),
    ]);
    expect((await postRow(server, id))!.status).toBe('publishing');
    expect(
      await finish(service, target!.id, attempt, {
        status: 'published',
        remote_id: 'p_1',
        permalink: 'https://www.facebook.com/p_1',
      }),
    ).toBe(true);
    expect((await postRow(server, id))!.status).toBe('published');
    expect(await noticesOf(server, u.userId)).toEqual([
      expect.objectContaining({
        kind: 'published',
        title: 'Published on Facebook',
        body: 'Bloom Cafe: Spring sale starts today',
        url: 'https://www.facebook.com/p_1',
      }),
    ]);
  });
});
