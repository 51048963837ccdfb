import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import {
  PostgresNotFoundError,
  startPostgresCluster,
  type PostgresCluster,
} from './postgres-cluster.ts';

// Usage: tsx scripts/with-postgres.ts [--clusters N] <command> [args…]
// Runs the command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster, removes the
// cluster afterwards (also on failure or Ctrl-C) and exits with the command's exit code.
// With --clusters N, N clusters start side by side and TEST_DATABASE_URLS lists them all (comma
// separated); the API suite's setup gives each test worker a cluster of its own
// (tests/api/setup-postgres.ts), since one cluster's open transactions hold back sync pulls in
// every database of that cluster.
let argv = process.argv.slice(2);
let count = 1;
if (argv[0] === '--clusters') {
  count = Number(argv[1]);
  argv = argv.slice(2);
}
const [command, ...args] = argv;
if (!command || !Number.isInteger(count) || count < 1 || count > 8) {
  console.error('usage: tsx scripts/with-postgres.ts [--clusters 1-8] <command> [args…]');
  process.exit(2);
}

let clusters: PostgresCluster[];
try {
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startPostgresCluster()),
  );
  const failed = started.find((r) => r.status === 'rejected');
  clusters = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  if (failed) {
    await Promise.all(clusters.map((c) => c.stop().catch(() => undefined)));
    throw failed.reason;
  }
} catch (e) {
  console.error(
    e instanceof PostgresNotFoundError
      ? e.message
      : `Could not start PostgreSQL: ${(e as Error).message}`,
  );
  process.exit(1);
}
const [first] = clusters;
console.log(
  `PostgreSQL ${first!.version} (${first!.binDir}) on port ${clusters.map((c) => c.port).join(', ')}`,
);
const child = spawn(command, args, {
  stdio: 'inherit',
  env: {
    ...process.env,
    TEST_DATABASE_URL: first!.url,
    TEST_DATABASE_URLS: clusters.map((c) => c.url).join(','),
  },
  shell: process.platform === 'win32',
});

let stopping: Promise<void> | null = null;
const stop = () =>
  (stopping ??= Promise.all(
    clusters.map((c) =>
      c
        .stop()
        .catch((e: unknown) =>
          console.error(`Could not remove the cluster: ${(e as Error).message}`),
        ),
    ),
  ).then(() => undefined));

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
