import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { z } from 'zod';
import { parseEnv } from '../server/config.ts';
import { startServer } from '../server/start-server.ts';
import { buildIsStale, createAppServer } from './app-server.ts';

const appEnv = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5173),
    HOST: z.string().min(1).default('127.0.0.1'),
  })
  .safeParse(process.env);

async function main(): Promise<void> {
  if (!appEnv.success)
    throw new Error(
      `Invalid environment: ${appEnv.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const { PORT, HOST } = appEnv.data;
  const apiConfig = parseEnv();

  if (buildIsStale()) {
    console.log('Building the app…');
    const r = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
      {
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) throw new Error('The app build failed (see above).');
  }

  // Lives only in this process: with it the app's proxy vouches for the client addresses it forwards.
  const proxySecret = randomBytes(32).toString('base64url');
  const api = await startServer({ ...apiConfig, proxySecret, appHost: HOST });
  const app = createAppServer({ apiUrl: api.url, anonKey: api.keys.anonKey, proxySecret });
  const server = serve({ fetch: app.fetch, port: PORT, hostname: HOST });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = HOST === '0.0.0.0' ? 'localhost' : HOST;
  console.log(`Postbloom app: http://${shownHost}:${port}`);
  console.log(
    `Postbloom API: ${api.url} (${apiConfig.databaseUrl ? 'PostgreSQL' : `PGlite data in ${apiConfig.dataDir}`})`,
  );
  console.log(`  anon key: ${api.keys.anonKey}`);
  console.log(
    api.mailbox
      ? `  local mailbox (this machine only): ${api.url}/local/mail`
      : '  local mailbox: off, since the app is reachable from other machines (LOCAL_MAILBOX=on serves it to this machine)',
  );

  const stop = () => {
    server.close();
    api.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
