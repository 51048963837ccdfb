// Fails fast, with an install hint, when the browser the end-to-end tests and the web benchmark
// drive is missing: they use the system Chromium and never download one.
import { accessSync, constants, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export function chromiumPath(): string {
  return process.env.CHROME_PATH || DEFAULT_CHROMIUM_PATH;
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function main(): void {
  const path = chromiumPath();
  const source = process.env.CHROME_PATH ? 'CHROME_PATH' : 'the default location';
  if (!isExecutableFile(path)) {
    console.error(
      [
        `Chromium was not found at ${path} (${source}).`,
        'The end-to-end tests drive a system Chromium. Install it with:',
        '  sudo apt-get update && sudo apt-get install -y chromium',
        'or point CHROME_PATH at an existing Chromium or Chrome binary:',
        '  CHROME_PATH=/path/to/chrome npm run test:e2e',
      ].join('\n'),
    );
    process.exit(1);
  }
  let version: string;
  try {
    version = execFileSync(path, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 30_000,
    }).trim();
  } catch (error) {
    console.error(
      `Chromium at ${path} does not start (${(error as Error).message}).\n` +
        'Reinstall it (sudo apt-get install --reinstall -y chromium) or set CHROME_PATH.',
    );
    process.exit(1);
  }
  console.log(`Using ${version} at ${path}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
