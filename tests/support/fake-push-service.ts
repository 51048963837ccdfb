import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

/**
 * A push service on loopback, speaking Web Push (RFC 8030) as FCM or Mozilla's autopush do: a
 * POST to a subscription's endpoint with an aes128gcm body (RFC 8291), a TTL and a VAPID
 * `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292) gets 201 Created. It checks the JWT's
 * signature and claims, and can be told to answer 404, 410, 429, 500 or not at all.
 */

export type PushMode = 'accept' | 'not-found' | 'gone' | 'rate-limit' | 'error' | 'hang';

export interface ReceivedPush {
  subscriptionId: string;
  ttl: number;
  urgency: string | null;
  contentEncoding: string | null;
  body: Buffer;
  vapid: { publicKey: string; claims: JWTPayload };
}

export interface RejectedPush {
  subscriptionId: string;
  status: number;
  reason: string;
}

/** What a browser keeps for one subscription: the public parts go to the app server. */
export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The payload of a push the browser would have received, decrypted as the browser does. */
  decrypt(body: Buffer): string;
}

export interface FakePushService {
  url: string;
  received: ReceivedPush[];
  rejected: RejectedPush[];
  /** A new subscription with its own P-256 key pair and auth secret, as PushManager makes one. */
  createSubscription(): TestSubscription;
  /** How the service answers pushes to one subscription (or to all, without an id). */
  setMode(mode: PushMode, subscriptionId?: string): void;
  /** Resolves with the next (or an already received) push for a subscription. */
  waitForPush(subscriptionId: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Checks `Authorization: vapid t=…, k=…` as a push service does; returns why it is bad, or the claims. */
async function checkVapid(
  header: string | undefined,
  audience: string,
): Promise<{ ok: true; publicKey: string; claims: JWTPayload } | { ok: false; reason: string }> {
  const m = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return { ok: false, reason: 'missing or malformed vapid authorization' };
  const [, token, publicKey] = m as unknown as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return { ok: false, reason: 'k is not a P-256 point' };
  try {
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
      'ES256',
    );
    const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], audience });
    const now = Math.floor(Date.now() / 1000);
    if (typeof payload.exp !== 'number' || payload.exp > now + 24 * 3600)
      return { ok: false, reason: 'exp must be within 24 hours' };
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub))
      return { ok: false, reason: 'sub must be a mailto: or https: URL' };
    return { ok: true, publicKey, claims: payload };
  } catch (e) {
    return { ok: false, reason: `invalid vapid jwt: ${(e as Error).message}` };
  }
}

export async function startFakePushService(opts: { port?: number } = {}): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const rejected: RejectedPush[] = [];
  const modes = new Map<string, PushMode>();
  let defaultMode: PushMode = 'accept';
  const waiters: { id: string; resolve: (p: ReceivedPush) => void }[] = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  const secrets = new Map<string, { ecdh: ECDH; auth: Buffer }>();

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function reject(res: ServerResponse, id: string, status: number, reason: string) {
    rejected.push({ subscriptionId: id, status, reason });
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ code: status, errno: 109, error: reason }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const match = /^\/push\/([0-9a-f-]{36})$/.exec(req.url ?? '');
    const id = match?.[1] ?? '';
    if (req.method !== 'POST' || !match || !secrets.has(id)) {
      res.writeHead(404).end();
      return;
    }
    const body = await readBody(req, 4096 + 256);
    if (!body) return reject(res, id, 413, 'payload too large');
    const ttl = Number(req.headers.ttl);
    if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
      return reject(res, id, 400, 'missing or invalid TTL header');
    if (body.length > 0 && req.headers['content-encoding'] !== 'aes128gcm')
      return reject(res, id, 415, 'unsupported content encoding');
    const vapid = await checkVapid(req.headers.authorization, url);
    if (!vapid.ok) return reject(res, id, 401, vapid.reason);

    const mode = modes.get(id) ?? defaultMode;
    if (mode === 'hang') {
      hanging.add(res);
      return;
    }
    if (mode === 'not-found') return reject(res, id, 404, 'subscription not found');
    if (mode === 'gone') return reject(res, id, 410, 'subscription expired');
    if (mode === 'error') return reject(res, id, 500, 'internal error');
    if (mode === 'rate-limit') {
      rejected.push({ subscriptionId: id, status: 429, reason: 'too many requests' });
      res.writeHead(429, { 'Retry-After': '30' }).end();
      return;
    }
    const push: ReceivedPush = {
      subscriptionId: id,
      ttl,
      urgency: (req.headers.urgency as string | undefined) ?? null,
      contentEncoding: (req.headers['content-encoding'] as string | undefined) ?? null,
      body,
      vapid: { publicKey: vapid.publicKey, claims: vapid.claims },
    };
    received.push(push);
    for (const w of waiters.filter((w) => w.id === id)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(push);
    }
    res.writeHead(201, { Location: `${url}/message/${randomUUID()}` }).end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    rejected,
    createSubscription() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      secrets.set(id, { ecdh, auth });
      return {
        id,
        endpoint: `${url}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        decrypt: (body) =>
          decrypt(body, {
            version: 'aes128gcm',
            privateKey: ecdh,
            authSecret: b64url(auth),
          }).toString('utf8'),
      };
    },
    setMode(mode, subscriptionId) {
      if (subscriptionId) modes.set(subscriptionId, mode);
      else defaultMode = mode;
    },
    waitForPush(subscriptionId, timeoutMs = 10_000) {
      const done = received.find((p) => p.subscriptionId === subscriptionId);
      if (done) return Promise.resolve(done);
      return new Promise((resolve, rejectWait) => {
        const timer = setTimeout(
          () => rejectWait(new Error(`no push for ${subscriptionId} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          id: subscriptionId,
          resolve: (p) => {
            clearTimeout(timer);
            resolve(p);
          },
        });
      });
    },
    async close() {
      for (const res of hanging) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
