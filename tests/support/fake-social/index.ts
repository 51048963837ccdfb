import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { z } from 'zod';
import { socialEndpoints } from '../../../supabase/functions/_shared/social-env.ts';
import { createFacebook, graphError } from './facebook';
import { PLATFORM_KINDS, duplicateError, refusal, serverError } from './faults';
import { createLinkedIn } from './linkedin';
import {
  FAKE_FACEBOOK_VERSION,
  FAKE_LINKEDIN_VERSION,
  type FakeAppliedFault,
  type FakeFault,
  type FakeReply,
  type FakeRequest,
  type FakeRequestLog,
  type FakeSocial,
} from './types';
import { mulberry32 } from '../seeded-random';

/**
 * One loopback server that stands in for www.facebook.com (login dialog), graph.facebook.com,
 * www.linkedin.com (OAuth) and api.linkedin.com at once: their paths do not collide. Tests use
 * it in process; `/__fake/*` drives it from another process (the browser tests, a self-hoster).
 */

export * from './types';
export { DEFAULT_FAKE_PAGES } from './facebook';
export * from './metrics';
export { DEFAULT_FAKE_MEMBER } from './linkedin';

type Platform = 'facebook' | 'linkedin';

interface Failure {
  platform: Platform;
  path: string;
  status: number;
  body: unknown;
}

const BODY_LIMIT = 1024 * 1024;
const REQUEST_LOG_LIMIT = 5000;
const DEFAULT_DELAY_MS = 60_000;
const FAULT_KINDS = [
  'delay-after-store',
  '500-after-store',
  '506',
  '368-duplicate',
  '190',
  '429',
  'linkedin-401',
  'linkedin-422-duplicate',
  'refuse',
  '500-no-store',
] as const satisfies readonly FakeFault['kind'][];

/** The account and text of a publish request (the requests faults apply to), else null. */
function publishOf(
  platform: Platform,
  method: string,
  path: string,
  query: Record<string, string>,
  form: Record<string, string>,
): { account: string; content: string } | null {
  if (method !== 'POST') return null;
  if (platform === 'facebook') {
    const feed = /^\/(\d+)\/feed$/.exec(path);
    return feed ? { account: feed[1]!, content: form.message ?? query.message ?? '' } : null;
  }
  return path === '/rest/posts'
    ? { account: form.author ?? '', content: form.commentary ?? '' }
    : null;
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseForm(raw: string, type: string): Record<string, string> | null {
  if (!raw) return {};
  if (type.startsWith('application/json')) {
    try {
      const value: unknown = JSON.parse(raw);
      if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      );
    } catch {
      return null;
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

const platformOf = (path: string): Platform =>
  /^\/(oauth\/v2|v2|rest)\//.test(path) ? 'linkedin' : 'facebook';

const pageInput = z.object({
  id: z.string().regex(/^\d+$/).optional(),
  name: z.string().min(1),
  category: z.string().optional(),
  tasks: z.array(z.string()).optional(),
  access_token: z.string().min(1).nullable().optional(),
});

const controlBodies = {
  pages: z.array(pageInput),
  fail: z.object({
    platform: z.enum(['facebook', 'linkedin']),
    path: z.string().min(1),
    status: z.number().int().min(0).max(599),
    body: z.unknown().optional(),
  }),
  config: z.object({
    facebook: z
      .object({
        pageSize: z.number().int().min(1).optional(),
        longLivedExpiresIn: z.number().int().nullable().optional(),
        usage: z
          .object({
            app: z.number().min(0).max(1000).optional(),
            page: z.number().min(0).max(1000).optional(),
            pages: z.record(z.string(), z.number().min(0).max(1000)).optional(),
          })
          .optional(),
        retiredMetrics: z.array(z.string()).optional(),
        insightsWindowDays: z.number().int().min(1).max(90).optional(),
      })
      .optional(),
    linkedin: z
      .object({
        scopeSeparator: z.enum([',', ' ']).optional(),
        refreshToken: z.boolean().optional(),
        member: z
          .object({
            sub: z.string(),
            name: z.string(),
            given_name: z.string(),
            family_name: z.string(),
            email: z.string(),
            picture: z.string().optional(),
          })
          .optional(),
      })
      .optional(),
  }),
  token: z.object({ token: z.string().min(1) }),
  fault: z.object({
    platform: z.enum(['facebook', 'linkedin']),
    kind: z.enum(FAULT_KINDS),
    times: z.number().int().min(1).optional(),
    ms: z.number().int().min(0).optional(),
    retryAfterSeconds: z.number().int().min(0).optional(),
    account: z.string().min(1).optional(),
    content: z.string().optional(),
  }),
};

export async function startFakeSocial(
  opts: {
    port?: number;
    host?: string;
    /** Makes post ids and urns repeatable (a random start otherwise). */
    seed?: number;
  } = {},
): Promise<FakeSocial> {
  const host = opts.host ?? '127.0.0.1';
  let url = '';
  const failures: Failure[] = [];
  const requests: FakeRequestLog[] = [];
  const faults: FakeFault[] = [];
  const appliedFaults: FakeAppliedFault[] = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();

  const addFailure = (platform: Platform) => (path: string, status: number, body: unknown) => {
    failures.push({ platform, path, status, body });
  };
  const rng = mulberry32(opts.seed ?? Math.floor(Math.random() * 2 ** 31));
  const facebook = createFacebook({
    origin: () => url,
    failNext: addFailure('facebook'),
    firstPostNumber: 100_000_000_000_000 + Math.floor(rng() * 800_000_000_000_000),
  });
  const linkedin = createLinkedIn({
    failNext: addFailure('linkedin'),
    firstShareNumber: 7_000_000_000_000_000_000n + BigInt(Math.floor(rng() * 1e15)) * 1000n,
  });

  function issuedTokens() {
    return [...facebook.grants.issued, ...linkedin.grants.issued];
  }

  function reset() {
    failures.length = 0;
    requests.length = 0;
    faults.length = 0;
    appliedFaults.length = 0;
    facebook.reset();
    linkedin.reset();
  }

  function state() {
    return {
      url,
      env: fake.env,
      facebook: {
        version: facebook.api.version,
        apps: [...facebook.api.apps].map(([id, secret]) => ({ id, secret })),
        pages: facebook.api.pages,
        pageSize: facebook.api.pageSize,
        longLivedExpiresIn: facebook.api.longLivedExpiresIn,
        usage: facebook.api.usage,
        retiredMetrics: [...facebook.api.retiredMetrics],
        insightsWindowDays: facebook.api.insightsWindowDays,
        tokens: [...facebook.api.tokens],
      },
      linkedin: {
        apps: [...linkedin.api.apps].map(([id, secret]) => ({ id, secret })),
        member: linkedin.api.member,
        scopeSeparator: linkedin.api.scopeSeparator,
        refreshToken: linkedin.api.refreshToken,
        tokens: [...linkedin.api.tokens],
      },
      issuedTokens: issuedTokens(),
      pendingFailures: failures.length,
      pendingFaults: faults,
      appliedFaults,
    };
  }

  function control(req: FakeRequest): FakeReply {
    const bad = (error: z.ZodError) => ({ status: 400, body: { error: z.prettifyError(error) } });
    const input = (): unknown => {
      try {
        return JSON.parse(req.form.__raw ?? 'null');
      } catch {
        return undefined;
      }
    };
    const route = `${req.method} ${req.path}`;
    if (route === 'GET /__fake/state') return { status: 200, body: state() };
    if (route === 'GET /__fake/requests') return { status: 200, body: requests };
    if (route === 'GET /__fake/posts') {
      return { status: 200, body: { facebook: facebook.api.posts, linkedin: linkedin.api.posts } };
    }
    if (route === 'POST /__fake/faults') {
      const parsed = z.array(controlBodies.fault).safeParse([input()].flat());
      if (!parsed.success) return bad(parsed.error);
      faults.push(...parsed.data);
      return { status: 200, body: { pendingFaults: faults.length } };
    }
    if (route === 'POST /__fake/reset') {
      reset();
      return { status: 200, body: state() };
    }
    if (route === 'POST /__fake/facebook/pages') {
      const parsed = controlBodies.pages.safeParse(input());
      if (!parsed.success) return bad(parsed.error);
      return { status: 200, body: facebook.api.setPages(parsed.data) };
    }
    if (route === 'POST /__fake/fail') {
      const parsed = controlBodies.fail.safeParse(input());
      if (!parsed.success) return bad(parsed.error);
      const f = parsed.data;
      failures.push({ platform: f.platform, path: f.path, status: f.status, body: f.body });
      return { status: 200, body: { pendingFailures: failures.length } };
    }
    if (route === 'POST /__fake/config') {
      const parsed = controlBodies.config.safeParse(input());
      if (!parsed.success) return bad(parsed.error);
      const { facebook: fb, linkedin: li } = parsed.data;
      if (fb?.pageSize !== undefined) facebook.api.pageSize = fb.pageSize;
      if (fb?.longLivedExpiresIn !== undefined)
        facebook.api.longLivedExpiresIn = fb.longLivedExpiresIn;
      if (fb?.usage) facebook.api.usage = { ...facebook.api.usage, ...fb.usage };
      if (fb?.retiredMetrics) facebook.api.retiredMetrics = new Set(fb.retiredMetrics);
      if (fb?.insightsWindowDays !== undefined)
        facebook.api.insightsWindowDays = fb.insightsWindowDays;
      if (li?.scopeSeparator !== undefined) linkedin.api.scopeSeparator = li.scopeSeparator;
      if (li?.refreshToken !== undefined) linkedin.api.refreshToken = li.refreshToken;
      if (li?.member !== undefined) linkedin.api.member = li.member;
      return { status: 200, body: state() };
    }
    if (route === 'POST /__fake/revoke' || route === 'POST /__fake/expire') {
      const parsed = controlBodies.token.safeParse(input());
      if (!parsed.success) return bad(parsed.error);
      const { token } = parsed.data;
      for (const p of [facebook.api, linkedin.api]) {
        if (route === 'POST /__fake/revoke') p.tokens.delete(token);
        else p.expire(token);
      }
      return { status: 200, body: { ok: true } };
    }
    return { status: 404, body: { error: `No fake control route ${route}` } };
  }

  function send(res: ServerResponse, reply: FakeReply) {
    const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...reply.headers };
    if (reply.body === undefined) {
      res.writeHead(reply.status, headers).end();
    } else if (typeof reply.body === 'string') {
      const isHtml = reply.body.trimStart().startsWith('<');
      headers['Content-Type'] ??= isHtml ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';
      res.writeHead(reply.status, headers).end(reply.body);
    } else {
      headers['Content-Type'] ??= 'application/json; charset=utf-8';
      res.writeHead(reply.status, headers).end(JSON.stringify(reply.body));
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const target = new URL(req.url ?? '/', 'http://fake.invalid');
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    if (raw === null) return send(res, { status: 413, body: { error: 'Body too large' } });
    const type = String(req.headers['content-type'] ?? '');
    const query = Object.fromEntries(target.searchParams);
    const fullPath = target.pathname;

    if (fullPath.startsWith('/__fake/')) {
      return send(
        res,
        control({
          method,
          path: fullPath,
          version: null,
          query,
          form: { __raw: raw || 'null' },
          headers: req.headers,
        }),
      );
    }

    // Browsers ask for one when they show the dialogs; neither platform's API has such a path.
    if (fullPath === '/favicon.ico') return send(res, { status: 404 });

    const form = parseForm(raw, type);
    const platform = platformOf(fullPath);
    // Graph puts the version in the path (any vNN.N is accepted and logged); LinkedIn in a header.
    const versioned = /^\/(v\d+\.\d+)(\/.*)?$/.exec(fullPath);
    const version =
      platform === 'facebook'
        ? (versioned?.[1] ?? null)
        : ((req.headers['linkedin-version'] as string | undefined) ?? null);
    const path = platform === 'facebook' && versioned ? (versioned[2] ?? '/') : fullPath;
    requests.push({ method, path: fullPath, query, version, form: form ?? {}, at: Date.now() });
    // A fake left running for days should not grow without end.
    if (requests.length > REQUEST_LOG_LIMIT)
      requests.splice(0, requests.length - REQUEST_LOG_LIMIT);

    const failure = failures.findIndex((f) => f.platform === platform && fullPath.endsWith(f.path));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      if (f!.status === 0) {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      return send(res, { status: f!.status, body: f!.body ?? undefined });
    }
    if (form === null) {
      return send(
        res,
        platform === 'facebook'
          ? graphError(100, 'Malformed request body')
          : {
              status: 400,
              body: { error: 'invalid_request', error_description: 'Malformed request body' },
            },
      );
    }
    const request: FakeRequest = { method, path, version, query, form, headers: req.headers };
    const platformHandle = (r: FakeRequest) =>
      platform === 'facebook' ? facebook.handle(r) : linkedin.handle(r);
    const publish = publishOf(platform, method, path, query, form);
    const fault = publish && takeFault(platform, publish);
    if (!fault) return send(res, platformHandle(request));

    const applied: FakeAppliedFault = {
      platform,
      kind: fault.kind,
      account: publish.account,
      content: publish.content,
      stored: null,
      at: Date.now(),
    };
    appliedFaults.push(applied);
    const owner = PLATFORM_KINDS[fault.kind];
    if (owner && owner !== platform) {
      return send(res, {
        status: 500,
        body: { error: `The fault ${fault.kind} is for ${owner}, not ${platform}` },
      });
    }
    if (fault.kind === 'refuse') {
      req.socket.destroy();
      return;
    }
    const refused = refusal(fault, publish.account);
    if (refused) return send(res, refused);
    if (fault.kind === 'linkedin-422-duplicate') {
      const existing = linkedin.findPost(publish.account, publish.content);
      const post =
        existing ?? linkedin.store(publish.account, publish.content, Date.now() - 60_000);
      if (!existing) applied.stored = post.urn;
      return send(res, duplicateError(post.urn));
    }
    // The after-store kinds: the platform does its work, then the answer goes wrong.
    const reply = platformHandle(request);
    const ok = reply.status >= 200 && reply.status < 300;
    if (ok) {
      applied.stored =
        platform === 'facebook'
          ? ((reply.body as { id?: string } | undefined)?.id ?? null)
          : (reply.headers?.['x-restli-id'] ?? null);
    }
    if (fault.kind === '500-after-store') return send(res, ok ? serverError(platform) : reply);
    hanging.add(res);
    const timer = setTimeout(() => {
      timers.delete(timer);
      hanging.delete(res);
      if (!res.destroyed) send(res, reply);
    }, fault.ms ?? DEFAULT_DELAY_MS);
    timers.add(timer);
    res.on('close', () => {
      clearTimeout(timer);
      timers.delete(timer);
      hanging.delete(res);
    });
  }

  /** The first pending fault matching this publish request, counted down. */
  function takeFault(
    platform: Platform,
    publish: { account: string; content: string },
  ): FakeFault | null {
    const at = faults.findIndex(
      (f) =>
        f.platform === platform &&
        (f.account === undefined || f.account === publish.account) &&
        (f.content === undefined || f.content === publish.content),
    );
    if (at < 0) return null;
    const fault = faults[at]!;
    const left = (fault.times ?? 1) - 1;
    if (left <= 0) faults.splice(at, 1);
    else fault.times = left;
    return { ...fault };
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, { status: 500, body: { error: String(e) } });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  url = `http://${urlHost}:${port}`;

  const env: Record<string, string> = {
    FACEBOOK_DIALOG_URL: url,
    FACEBOOK_GRAPH_URL: url,
    FACEBOOK_GRAPH_VERSION: FAKE_FACEBOOK_VERSION,
    LINKEDIN_AUTH_URL: url,
    LINKEDIN_API_URL: url,
    LINKEDIN_VERSION: FAKE_LINKEDIN_VERSION,
  };
  const fake: FakeSocial = {
    url,
    env,
    endpoints: socialEndpoints((name) => env[name]),
    facebook: facebook.api,
    linkedin: linkedin.api,
    requests,
    issuedTokens,
    reset,
    faults,
    appliedFaults,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const res of hanging) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
