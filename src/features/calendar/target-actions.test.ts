import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../../../tests/api/harness';
import { claim, makeDue, schedule, targetsOf } from '../../../tests/api/publishing-helpers';
import { createUser, type TestUser } from '../../../tests/api/rest-helpers';
import { markTargetPosted, publishTargetAgain } from './target-actions';

// The calendar's two server actions against the embedded server: what the user is told.

vi.setConfig({ testTimeout: 60_000 });

let server: TestServer;
let user: TestUser;
let reminderId: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server);
  // A post for a platform that cannot be published yet: a reminder once it is due.
  const { id } = await schedule(user.client, { platforms: ['twitter'] });
  await makeDue(server, id);
  await claim(server.serviceClient());
  const [target] = await targetsOf(server, id);
  expect(target).toMatchObject({ kind: 'manual', status: 'reminder' });
  reminderId = target!.id;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the calendar’s target actions', () => {
  it('passes on the server’s reason when the state does not allow the action', async () => {
    expect(await publishTargetAgain(reminderId, user.client)).toEqual({
      kind: 'failed',
      message: 'Publish this post yourself, then mark it as posted.',
    });
    const { rows } = await server.db.query<{ status: string }>(
      'select status from public.publish_targets where id = $1',
      [reminderId],
    );
    expect(rows[0]!.status).toBe('reminder');
  });

  it('marks a reminder posted with its link, once', async () => {
    expect(await markTargetPosted(reminderId, 'https://x.com/bloom/status/1', user.client)).toEqual(
      { kind: 'done' },
    );
    const { rows } = await server.db.query<{ status: string; permalink: string }>(
      'select status, permalink from public.publish_targets where id = $1',
      [reminderId],
    );
    expect(rows[0]).toEqual({ status: 'posted', permalink: 'https://x.com/bloom/status/1' });
    expect(await markTargetPosted(reminderId, null, user.client)).toEqual({
      kind: 'failed',
      message:
        'Only a reminder, a failed post or one that needs attention can be marked as posted.',
    });
  });

  it('says Post not found for a target that is not the user’s', async () => {
    const other = await createUser(server);
    expect(await markTargetPosted(reminderId, null, other.client)).toEqual({
      kind: 'failed',
      message: 'Post not found',
    });
    expect(await publishTargetAgain(randomUUID(), other.client)).toEqual({
      kind: 'failed',
      message: 'Post not found',
    });
  });

  it('sends nothing while the browser is offline, and reports an unreachable server as offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(await publishTargetAgain(reminderId, user.client)).toEqual({ kind: 'offline' });
    vi.unstubAllGlobals();
    // Nothing listens on port 9 (discard) of this machine.
    const unreachable = createClient('http://127.0.0.1:9', server.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    expect(await publishTargetAgain(reminderId, unreachable)).toEqual({ kind: 'offline' });
  });
});
