import { Hono, type Context } from 'hono';
import { clientInfo, isLoopback, isLoopbackHost } from '../client-address.ts';
import type { ServerConfig } from '../config.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db.ts';
import { bearerToken } from '../jwt.ts';
import { iso } from './users.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  link: string | null;
}

/** Stands in for sending: the mail lands in embedded.mail, readable at GET /local/mail. */
export async function deliverMail(db: Queryable, mail: OutgoingMail): Promise<void> {
  await db.query(
    'insert into embedded.mail (recipient, subject, body_text, link) values ($1, $2, $3, $4)',
    [mail.to, mail.subject, mail.text, mail.link],
  );
}

interface MailRow {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  created_at: string;
}

const PAGE_SIZE = 200;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function renderPage(mails: MailRow[], to: string | null): string {
  const items = mails
    .map((m) => {
      const link =
        m.link && isHttpUrl(m.link)
          ? `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.subject)}</a></p>`
          : '';
      return `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.recipient)}</strong> · <time datetime="${escapeHtml(m.created_at)}">${escapeHtml(m.created_at)}</time></p>
  <pre>${escapeHtml(m.body)}</pre>
  ${link}
</article>`;
    })
    .join('\n');
  const heading = to ? `Local mailbox: ${escapeHtml(to)}` : 'Local mailbox';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
  article { border: 1px solid #d1d5db; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
  h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
  .meta { color: #4b5563; margin: 0 0 .75rem; }
  pre { white-space: pre-wrap; word-break: break-all; font-family: inherit; }
</style>
</head>
<body>
<h1>${heading}</h1>
<p>Mail the local server would have sent, newest first. Nothing here leaves this machine.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}

/**
 * Whether /local/mail is served at all. `auto` turns it off as soon as anything makes this API
 * reachable from other machines (a listener beyond loopback, the app server's HOST, a public
 * API_EXTERNAL_URL, a reverse proxy in front): then reading reset links needs LOCAL_MAILBOX=on.
 */
export function mailboxEnabled(config: ServerConfig): boolean {
  if (config.localMailbox !== 'auto') return config.localMailbox === 'on';
  const hosts = [config.host, config.appHost ?? '127.0.0.1'];
  if (config.apiExternalUrl) hosts.push(new URL(config.apiExternalUrl).host);
  return hosts.every(isLoopbackHost) && config.trustedProxies.length === 0;
}

function sameOrigin(c: Context, host: string | null): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = c.req.header('origin');
  if (origin === undefined) return true;
  try {
    return host !== null && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Reset links in this mailbox sign people in, so it is served only to this machine: a loopback
 * client, asking for a loopback host name (no DNS rebinding), from no other origin (a page on
 * another port of 127.0.0.1 is "same-site" but not same-origin), with no proxy in between that
 * this server was not told about. A caller holding the service_role key may read it from anywhere.
 */
function mayRead(ctx: ServerContext, c: Context): boolean {
  const key = c.req.header('apikey') ?? bearerToken(c.req.header('authorization'));
  if (key && key === ctx.keys.serviceRoleKey) return true;
  const client = clientInfo(c);
  return (
    isLoopback(client.address) &&
    !client.viaUnknownProxy &&
    client.host !== null &&
    isLoopbackHost(client.host) &&
    sameOrigin(c, client.host)
  );
}

/** GET /local/mail: the local stand-in for outgoing auth email. */
export function createLocalMailRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const enabled = mailboxEnabled(ctx.config);
  app.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Frame-Options', 'DENY');
    if (!enabled) {
      return c.json(
        {
          code: 'mailbox_off',
          message:
            'The local mailbox is off (LOCAL_MAILBOX=off, or this server is reachable from other machines); LOCAL_MAILBOX=on serves it to this machine',
        },
        404,
      );
    }
    if (!mayRead(ctx, c)) {
      return c.json(
        {
          code: 'forbidden',
          message:
            'The local mailbox is served only to this machine, or with the service_role key as apikey',
        },
        403,
      );
    }
    const to = c.req.query('to')?.trim().toLowerCase() || null;
    // Postgres text cannot hold NUL; no stored address contains one.
    if (to?.includes('\0'))
      return c.json({ code: 'validation_failed', message: 'Invalid recipient' }, 400);
    const { rows } = await ctx.db.query<MailRow>(
      `select id::int as id, recipient, subject, body_text as body, link, ${iso('created_at')} as created_at
         from embedded.mail
        where $1::text is null or lower(recipient) = $1::text
        order by created_at desc, id desc
        limit $2`,
      [to, PAGE_SIZE],
    );
    const wantsJson =
      c.req.query('format') === 'json' ||
      (c.req.header('accept') ?? '').includes('application/json');
    if (wantsJson) return c.json(rows);
    return c.html(renderPage(rows, to));
  });
  return app;
}
