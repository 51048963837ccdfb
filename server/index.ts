import { parseEnv } from './config.ts';
import { startServer } from './start-server.ts';

try {
  const config = parseEnv();
  const server = await startServer(config);
  console.log(
    `Postbloom API (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}) on ${server.url}`,
  );
  console.log(`  anon key: ${server.keys.anonKey}`);
  console.log('  social app secrets written to the table are sealed every second');
  const stop = () => {
    server.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
