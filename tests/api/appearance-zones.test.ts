import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEARANCE_TIME_ZONES, ONBOARDING_TIME_ZONES } from '../../src/lib/intl/time-zones.ts';
import { zoneOffsetMs } from '../../src/lib/intl/zoned-time.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { push } from './sync-helpers.ts';

// Settings → Appearance offers these zones; the server checks a saved zone against its own list
// (pg_timezone_names), so each must be known there, with the rules the browser applies.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const OFFERED = [
  ...new Set([...APPEARANCE_TIME_ZONES.map((z) => z.timeZone), ...ONBOARDING_TIME_ZONES]),
];

describe('the time zones Settings → Appearance offers', () => {
  it('are each accepted as the user’s zone', async () => {
    const u = await server.signedInClient();
    for (const zone of OFFERED) {
      const [result] = await push(u.client, [
        {
          mutation_id: randomUUID(),
          entity: 'user_preferences',
          op: 'upsert',
          id: u.userId,
          base_version: null,
          data: { time_zone: zone },
        },
      ]);
      expect(result, zone).toMatchObject({ status: 'applied', row: { time_zone: zone } });
    }
  });

  it('have the same offsets on the server as in the app, winter and summer', async () => {
    for (const at of ['2026-01-15T12:00:00Z', '2026-07-15T12:00:00Z']) {
      const { rows } = await server.db.query<{ name: string; minutes: number }>(
        `select z.name, extract(epoch from ($1::timestamptz at time zone z.name) - ($1::timestamptz at time zone 'UTC'))::int / 60 as minutes
           from unnest($2::text[]) as z(name)`,
        [at, OFFERED],
      );
      for (const { name, minutes } of rows)
        expect(minutes, `${name} at ${at}`).toBe(zoneOffsetMs(Date.parse(at), name) / 60_000);
    }
  });
});
