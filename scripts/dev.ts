import { createServer } from 'vite';
import { parseEnv } from '../server/config.ts';
import { startServer } from '../server/start-server.ts';

/** The embedded API plus Vite with hot reload; vite.config.ts proxies the API paths to it. */
async function main(): Promise<void> {
  const apiConfig = parseEnv();
  const api = await startServer(apiConfig);
  process.env.API_PORT = String(api.port);
  const vite = await createServer({ server: { port: Number(process.env.PORT ?? 5173) } });
  await vite.listen();
  vite.printUrls();
  console.log(`  API: ${api.url} (anon key: ${api.keys.anonKey})`);
  const stop = () => {
    void vite
      .close()
      .then(() => api.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
