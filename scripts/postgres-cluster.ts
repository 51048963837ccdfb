import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export class PostgresNotFoundError extends Error {
  constructor() {
    super(
      'No PostgreSQL server binaries (initdb, pg_ctl) were found on PATH or in /usr/lib/postgresql/*/bin.\n' +
        'Install them first, e.g. on Debian/Ubuntu: apt-get install -y postgresql',
    );
  }
}

export interface PostgresCluster {
  /** postgresql://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** e.g. "15.18" */
  version: string;
  binDir: string;
  stop(): Promise<void>;
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** The folder holding initdb and pg_ctl: PATH first, then Debian's layout, preferring 15. */
export function findPostgresBin(): string {
  const initdb = onPath('initdb');
  if (initdb && onPath('pg_ctl')) return path.dirname(initdb);
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter(
          (v) =>
            existsSync(path.join(root, v, 'bin', 'initdb')) &&
            existsSync(path.join(root, v, 'bin', 'pg_ctl')),
        )
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const chosen = versions.includes('15') ? '15' : versions[0];
  if (!chosen) throw new PostgresNotFoundError();
  return path.join(root, chosen, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** initdb refuses to run as root, so as root the cluster belongs to the `postgres` system user. */
function asClusterOwner(file: string, args: string[]): [string, string[]] {
  if (!isRoot) return [file, args];
  if (existsSync('/usr/sbin/runuser') || onPath('runuser'))
    return ['runuser', ['-u', 'postgres', '--', file, ...args]];
  const quoted = [file, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return ['su', ['postgres', '-s', '/bin/sh', '-c', quoted]];
}

async function exec(file: string, args: string[]): Promise<string> {
  const [cmd, cmdArgs] = asClusterOwner(file, args);
  try {
    const { stdout } = await run(cmd, cmdArgs, { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (e) {
    const err = e as Error & { stderr?: string; stdout?: string };
    throw new Error(`${path.basename(file)} failed: ${err.stderr || err.stdout || err.message}`);
  }
}

/**
 * A throwaway PostgreSQL cluster in a temp folder: trust auth, loopback only, a free port, no
 * fsync. `stop()` shuts it down and deletes the folder.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const binDir = findPostgresBin();
  const initdb = path.join(binDir, 'initdb');
  const pgCtl = path.join(binDir, 'pg_ctl');
  if (isRoot && spawnSync('id', ['-u', 'postgres']).status !== 0) {
    throw new Error(
      'Running as root needs a `postgres` system user to own the cluster (the Debian postgresql package creates it).',
    );
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'postbloom-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  let started = false;
  const cleanup = async () => {
    if (started)
      await exec(pgCtl, ['stop', '-D', data, '-m', 'immediate', '-w']).catch(() => undefined);
    started = false;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    if (isRoot) {
      const pgUid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim());
      const pgGid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim());
      await chown(dir, pgUid, pgGid);
      await chmod(dir, 0o700);
    }
    await exec(initdb, [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${dir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    started = true;
    try {
      await exec(pgCtl, ['start', '-D', data, '-l', log, '-w', '-t', '60', '-o', options]);
    } catch (e) {
      const tail = await readFile(log, 'utf8').catch(() => '');
      throw new Error(`${(e as Error).message}\n${tail.split('\n').slice(-20).join('\n')}`);
    }
    const version =
      (await exec(path.join(binDir, 'postgres'), ['--version']).catch(() => ''))
        .trim()
        .replace(/^.*\(PostgreSQL\)\s*/, '')
        .split(' ')[0] ?? '';
    return {
      url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
      port,
      version,
      binDir,
      stop: cleanup,
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}
