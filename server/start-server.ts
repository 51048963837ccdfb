import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { mailboxEnabled } from './auth/local-mail.ts';
import type { ServerConfig } from './config.ts';
import type { ServerContext } from './context.ts';
import { openPglite, openPostgres, type Db } from './db.ts';
import { loadKeys, type Keys } from './keys.ts';
import { METRICS_DEFAULTS, startMetrics, type MetricsTimer } from './metrics/index.ts';
import { migrate } from './migrate.ts';
import { vapidKeys } from './notify/vapid.ts';
import { PUBLISHER_DEFAULTS, startPublisher, type PublisherTimer } from './publisher/index.ts';
import { startIntakeSealer } from './social/seal-intake.ts';

export interface RunningServer {
  url: string;
  port: number;
  /** Whether GET /local/mail is served (LOCAL_MAILBOX, or `auto` and nothing beyond loopback). */
  mailbox: boolean;
  keys: Keys;
  db: Db;
  /** The API's request handler, for tests that hand it connection info a socket would give. */
  fetch: Hono['fetch'];
  /** The embedded publisher: `tick()` runs one round now (tests). */
  publisher: PublisherTimer;
  /** The embedded metrics collector: `tick()` collects the due accounts now (tests). */
  metrics: MetricsTimer;
  close(): Promise<void>;
}

const defaults: ServerConfig = {
  port: 54321,
  host: '127.0.0.1',
  dataDir: null,
  databaseUrl: undefined,
  jwtSecret: undefined,
  anonKey: undefined,
  serviceRoleKey: undefined,
  apiExternalUrl: undefined,
  siteUrl: undefined,
  jwtExpirySeconds: 3600,
  signInRateLimit: { max: 30, windowMs: 5 * 60_000 },
  signUpRateLimit: { max: 30, windowMs: 5 * 60_000 },
  recoverRateLimit: { max: 30, windowMs: 60 * 60_000 },
  tokenRefreshRateLimit: { max: 150, windowMs: 5 * 60_000 },
  trustedProxies: [],
  localMailbox: 'auto',
};

/**
 * Opens the database (PostgreSQL when databaseUrl is set, else PGlite in dataDir, or in memory
 * when dataDir is null), applies migrations, loads or creates the keys and serves the API.
 * Port 0 picks a free port (tests).
 */
export async function startServer(overrides: Partial<ServerConfig> = {}): Promise<RunningServer> {
  const config: ServerConfig = { ...defaults, ...overrides };
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, {
        acquireTimeoutMs: config.restLimits?.queueTimeoutMs,
      })
    : await openPglite(config.dataDir);
  try {
    await migrate(db);
    const keys = await loadKeys(config);
    // A bad key would only show when a secret is first sealed; refuse it at start-up instead.
    if (!/^[A-Za-z0-9_-]{43}$/.test(keys.socialSecretsKey))
      throw new Error('SOCIAL_SECRETS_KEY must be 32 random bytes in base64url');
    const ctx: ServerContext = { db, keys, config, apiUrl: config.apiExternalUrl ?? '' };
    // Before any request: the push_subscriptions trigger reads the loopback setting it records.
    await vapidKeys(ctx);
    const app = createApp(ctx);
    const server = await new Promise<ServerType>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
        resolve(s),
      );
      s.once('error', reject);
    });
    const port = (server.address() as AddressInfo).port;
    const url =
      config.apiExternalUrl ??
      `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
    ctx.apiUrl = url;
    const selfHost = ['0.0.0.0', '::', ''].includes(config.host)
      ? '127.0.0.1'
      : config.host.includes(':')
        ? `[${config.host}]`
        : config.host;
    ctx.selfUrl = `http://${selfHost}:${port}`;
    const sealer = startIntakeSealer(db, keys.socialSecretsKey);
    const publisher = startPublisher(ctx, { ...PUBLISHER_DEFAULTS, ...config.publisher });
    const metrics = startMetrics(ctx, { ...METRICS_DEFAULTS, ...config.metrics });
    return {
      url,
      port,
      mailbox: mailboxEnabled(config),
      keys,
      db,
      fetch: app.fetch,
      publisher,
      metrics,
      async close() {
        await metrics.stop();
        await publisher.stop();
        await sealer.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        });
        await db.close();
      },
    };
  } catch (e) {
    await db.close().catch(() => undefined);
    throw e;
  }
}
