import { spawn } from 'node:child_process';

// Usage: tsx scripts/run-parallel.ts <npm script> <npm script> …
// Runs the package's scripts side by side (lint and typecheck each keep one core busy), each
// script's output in one piece after it ends, and fails when any of them fails.

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: tsx scripts/run-parallel.ts <npm script>…');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const results = await Promise.all(
  names.map(
    (name) =>
      new Promise<{ name: string; code: number; output: string }>((resolve) => {
        const child = spawn(npm, ['run', '--silent', name], { env: process.env });
        const chunks: Buffer[] = [];
        child.stdout.on('data', (c: Buffer) => chunks.push(c));
        child.stderr.on('data', (c: Buffer) => chunks.push(c));
        child.on('error', (e) => resolve({ name, code: 127, output: `${e.message}\n` }));
        child.on('close', (code) =>
          resolve({ name, code: code ?? 1, output: Buffer.concat(chunks).toString() }),
        );
      }),
  ),
);

let failed = false;
for (const { name, code, output } of results) {
  console.log(`> ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
  if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  if (code !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
