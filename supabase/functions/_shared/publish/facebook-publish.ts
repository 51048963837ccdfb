import {
  classifyFacebookPublish,
  clean,
  facebookPermalink,
  type PlatformAnswer,
  type Verdict,
} from './classify.ts';
import { send, type SendOptions } from './http.ts';

/** Graph calls of publishing to a Page with its Page token (../shared/platform-apis.md). */

export interface GraphTarget {
  graphUrl: string;
  version: string;
  pageId: string;
  pageToken: string;
}

export interface PagePost {
  id: string;
  message: string | null;
  createdTime: string | null;
  permalink: string;
}

const graphUrl = (t: GraphTarget, edge: string): URL =>
  new URL(`${t.graphUrl}/${t.version}/${encodeURIComponent(t.pageId)}/${edge}`);

/** `POST /{page}/feed?fields=id,permalink_url` with `message` and the Page token. */
export async function publishToPage(
  t: GraphTarget,
  message: string,
  opts: SendOptions,
): Promise<PlatformAnswer> {
  const url = graphUrl(t, 'feed');
  url.searchParams.set('fields', 'id,permalink_url');
  return send(
    url,
    {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ message, access_token: t.pageToken }).toString(),
    },
    opts,
  );
}

export type RecentPosts = { ok: true; posts: PagePost[] } | { ok: false; verdict: Verdict };

/**
 * The Page's 25 newest posts (`/published_posts`), to learn whether a publish whose answer was
 * lost did go out.
 */
export async function recentPagePosts(t: GraphTarget, opts: SendOptions): Promise<RecentPosts> {
  const url = graphUrl(t, 'published_posts');
  url.searchParams.set('fields', 'id,message,created_time,permalink_url');
  url.searchParams.set('limit', '25');
  url.searchParams.set('access_token', t.pageToken);
  const answer = await send(url, { method: 'GET', headers: { Accept: 'application/json' } }, opts);
  if (answer.status !== 200) {
    const verdict = classifyFacebookPublish(answer, [t.pageToken]);
    return {
      ok: false,
      verdict:
        verdict.kind === 'reconnect'
          ? verdict
          : {
              kind: 'failed',
              code: 'reconcile_failed',
              message: clean(messageOf(verdict), [t.pageToken]),
            },
    };
  }
  const body = answer.body as { data?: unknown } | null;
  const data = body && Array.isArray(body.data) ? body.data : [];
  const posts: PagePost[] = [];
  for (const raw of data) {
    if (!raw || typeof raw !== 'object') continue;
    const r = raw as Record<string, unknown>;
    if (typeof r.id !== 'string' || !r.id) continue;
    posts.push({
      id: r.id,
      message: typeof r.message === 'string' ? r.message : null,
      createdTime: typeof r.created_time === 'string' ? r.created_time : null,
      permalink:
        typeof r.permalink_url === 'string' && r.permalink_url
          ? r.permalink_url
          : facebookPermalink(r.id),
    });
  }
  return { ok: true, posts };
}

const messageOf = (v: Verdict): string => ('message' in v ? v.message : '');

/** Graph writes created_time as 2026-11-24T20:31:17+0000, which Date.parse may not take. */
export function parseGraphTime(value: string | null): number | null {
  if (!value) return null;
  const normalized = value.replace(/([+-]\d\d)(\d\d)$/, '$1:$2');
  const t = Date.parse(normalized);
  return Number.isNaN(t) ? null : t;
}

/** The post with exactly this text created at or after `since` (ms), if the Page has one. */
export function findPost(
  posts: PagePost[],
  content: string,
  since: number,
  exclude: ReadonlySet<string> = new Set(),
): PagePost | null {
  for (const p of posts) {
    const created = parseGraphTime(p.createdTime);
    // Graph may trim what it stores; nothing else about the text may differ.
    if (
      p.message?.trim() === content.trim() &&
      created !== null &&
      created >= since &&
      !exclude.has(p.id)
    )
      return p;
  }
  return null;
}
