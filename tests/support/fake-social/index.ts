import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { z } from 'zod';
import { createFacebook, graphError } from './facebook';
import { createLinkedIn } from './linkedin';
import {
  FAKE_FACEBOOK_VERSION,
  FAKE_LINKEDIN_VERSION,
  type FakeReply,
  type FakeRequest,
  type FakeRequestLog,
  type FakeSocial,
} from './types';

/**
 * One loopback server that stands in for www.facebook.com (login dialog), graph.facebook.com,
 * www.linkedin.com (OAuth) and api.linkedin.com at once: their paths do not collide. Tests use
 * it in process; `/__fake/*` drives it from another process (the browser tests, a self-hoster).
 */

export * from './types';
export { DEFAULT_FAKE_PAGES } from './facebook';
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
};

export async function startFakeSocial(
  opts: { port?: number; host?: string } = {},
): Promise<FakeSocial> {
  const host = opts.host ?? '127.0.0.1';
  let url = '';
  const failures: Failure[] = [];
  const requests: FakeRequestLog[] = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();

  const addFailure = (platform: Platform) => (path: string, status: number, body: unknown) => {
    failures.push({ platform, path, status, body });
  };
  const facebook = createFacebook({ origin: () => url, failNext: addFailure('facebook') });
  const linkedin = createLinkedIn({ failNext: addFailure('linkedin') });

  function issuedTokens() {
    return [...facebook.grants.issued, ...linkedin.grants.issued];
  }

  function reset() {
    failures.length = 0;
    requests.length = 0;
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
    requests.push({ method, path: fullPath, query, version, form: form ?? {} });
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
    send(res, platform === 'facebook' ? facebook.handle(request) : linkedin.handle(request));
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

  const fake: FakeSocial = {
    url,
    env: {
      FACEBOOK_DIALOG_URL: url,
      FACEBOOK_GRAPH_URL: url,
      FACEBOOK_GRAPH_VERSION: FAKE_FACEBOOK_VERSION,
      LINKEDIN_AUTH_URL: url,
      LINKEDIN_API_URL: url,
      LINKEDIN_VERSION: FAKE_LINKEDIN_VERSION,
    },
    facebook: facebook.api,
    linkedin: linkedin.api,
    requests,
    issuedTokens,
    reset,
    async close() {
      for (const res of hanging) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
