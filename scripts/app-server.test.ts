import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from './app-server.ts';

// A built app as the build writes it: a script with its Brotli and gzip copies beside it, and one
// without (a file the build did not compress).
const SCRIPT = Buffer.from(`export const words = ${JSON.stringify('post '.repeat(2000))};\n`);
// Level 1, which the server's own compression does not use: the bytes tell the copy was sent.
const SCRIPT_GZIP = gzipSync(SCRIPT, { level: 1 });
const UNCOPIED = Buffer.from(`export const more = ${JSON.stringify('draft '.repeat(2000))};\n`);
let dist: string;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'postbloom-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets/page-abc.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets/page-abc.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets/page-abc.js.gz'), SCRIPT_GZIP);
  writeFileSync(path.join(dist, 'assets/other-def.js'), UNCOPIED);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(dist, 'privacy.html'), '<!doctype html><title>privacy</title>');
  writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>not found</title>');
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function get(file: string, acceptEncoding?: string, accept?: string) {
  const app = createAppServer({ apiUrl: 'http://127.0.0.1:9', anonKey: 'anon', distDir: dist });
  const headers: Record<string, string> = {};
  if (acceptEncoding) headers['Accept-Encoding'] = acceptEncoding;
  if (accept) headers.Accept = accept;
  const res = await app.fetch(new Request(`http://127.0.0.1/${file}`, { headers }));
  // The bytes as sent: app.fetch does not decode them, as a browser would.
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('the app server sends the built files', () => {
  it("sends a script's Brotli copy to a browser that takes it", async () => {
    const { res, bytes } = await get('assets/page-abc.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(bytes).equals(SCRIPT)).toBe(true);
  });

  it('sends the gzip copy to a client without Brotli, and the file itself to one without either', async () => {
    const gzip = await get('assets/page-abc.js', 'gzip');
    expect(gzip.res.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.bytes.equals(SCRIPT_GZIP)).toBe(true);
    expect(gunzipSync(gzip.bytes).equals(SCRIPT)).toBe(true);

    const plain = await get('assets/page-abc.js');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.bytes.equals(SCRIPT)).toBe(true);
  });

  it('still compresses a file that has no copy, as it is sent', async () => {
    const { res, bytes } = await get('assets/other-def.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(bytes).equals(UNCOPIED)).toBe(true);
  });

  it('answers a missing script with 404, not the app shell', async () => {
    const { res } = await get('assets/gone-123.js', 'br');
    expect(res.status).toBe(404);
  });
});

describe('the app server answers a page', () => {
  const page = async (p: string) => {
    const { res, bytes } = await get(p, undefined, 'text/html');
    return { status: res.status, html: bytes.toString('utf8') };
  };

  it('with its prerendered file, or the app shell where the build made none', async () => {
    expect(await page('privacy')).toEqual({
      status: 200,
      html: '<!doctype html><title>privacy</title>',
    });
    expect(await page('dashboard')).toEqual({
      status: 200,
      html: '<!doctype html><title>shell</title>',
    });
    expect(await page('dashboard/')).toEqual({
      status: 200,
      html: '<!doctype html><title>shell</title>',
    });
  });

  it('without a route, with the not-found page and status 404', async () => {
    expect(await page('no/such/page')).toEqual({
      status: 404,
      html: '<!doctype html><title>not found</title>',
    });
  });
});
