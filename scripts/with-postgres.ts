import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import {
  PostgresNotFoundError,
  startPostgresCluster,
  type PostgresCluster,
} from './postgres-cluster.ts';

// Usage: tsx scripts/with-postgres.ts <command> [args…]
// Runs the command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster, removes the
// cluster afterwards (also on failure or Ctrl-C) and exits with the command's exit code.

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: tsx scripts/with-postgres.ts <command> [args…]');
  process.exit(2);
}

let cluster: PostgresCluster;
try {
  cluster = await startPostgresCluster();
} catch (e) {
  console.error(
    e instanceof PostgresNotFoundError
      ? e.message
      : `Could not start PostgreSQL: ${(e as Error).message}`,
  );
  process.exit(1);
}
console.log(`PostgreSQL ${cluster.version} (${cluster.binDir}) on port ${cluster.port}`);

const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: cluster.url },
  shell: process.platform === 'win32',
});

let stopping: Promise<void> | null = null;
const stop = () =>
  (stopping ??= cluster
    .stop()
    .catch((e: unknown) => console.error(`Could not remove the cluster: ${(e as Error).message}`)));

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    child.kill(signal);
  });
}

child.on('error', async (e) => {
  console.error(`Could not run ${command}: ${e.message}`);
  await stop();
  process.exit(127);
});

child.on('exit', async (code, signal) => {
  await stop();
  process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 1) : 1));
});
