import type { SocialEndpoints } from '../../../supabase/functions/_shared/social-env.ts';
import type { IncomingHttpHeaders } from 'node:http';

export interface FakePage {
  id: string;
  name: string;
  category: string;
  tasks: string[];
  /** null: the user did not tick this page in the dialog, so /me/accounts lists it without a token. */
  access_token: string | null;
}

export interface FakeMember {
  sub: string;
  name: string;
  given_name: string;
  family_name: string;
  email: string;
  picture?: string;
}

export interface FakeRequestLog {
  method: string;
  /** The full path as received, version segment included. */
  path: string;
  query: Record<string, string>;
  /** Graph: the `vNN.N` path segment (null when unversioned); LinkedIn: the LinkedIn-Version header. */
  version: string | null;
  /** A urlencoded or JSON body, parsed to strings. */
  form: Record<string, string>;
  /** When the fake received it (epoch ms). */
  at: number;
}

/** A post the fake Facebook stored: `POST /{page-id}/feed` made it. */
export interface FakeFacebookPost {
  /** `{page-id}_{n}`, as Graph answers. */
  id: string;
  pageId: string;
  message: string;
  /** Graph's format, `2026-11-24T20:31:17+0000`. */
  created_time: string;
  permalink_url: string;
}

/** A post the fake LinkedIn stored: `POST /rest/posts` made it. */
export interface FakeLinkedInPost {
  /** `urn:li:share:{n}`, the `x-restli-id` answer. */
  urn: string;
  /** `urn:li:person:{sub}` */
  author: string;
  commentary: string;
  /** Epoch ms. */
  created: number;
}

export type FakeFaultKind =
  /** Stores the post, then answers only after `ms` (longer than the client's timeout). */
  | 'delay-after-store'
  /** Stores the post, then answers 500 (Graph code 2; LinkedIn's 500 shape). */
  | '500-after-store'
  /** Facebook: 400 code 506 "Duplicate status message"; nothing stored. */
  | '506'
  /** Facebook: 400 code 368 "You've already posted this"; nothing stored. */
  | '368-duplicate'
  /** Facebook: 400 code 190 subcode 460 (token invalidated); the token itself stays live. */
  | '190'
  /** 429 with the platform's usage headers (Graph code 80001); nothing stored. */
  | '429'
  /** LinkedIn: 401 65601 REVOKED_ACCESS_TOKEN; the token itself stays live. */
  | 'linkedin-401'
  /**
   * LinkedIn: 422 DUPLICATE_POST naming the author's post with the same commentary — stored now
   * if there was none, as when an earlier send went out unheard.
   */
  | 'linkedin-422-duplicate'
  /** Drops the connection without answering; nothing stored. */
  | 'refuse'
  /** 500 without storing anything. */
  | '500-no-store';

export interface FakeFault {
  platform: 'facebook' | 'linkedin';
  kind: FakeFaultKind;
  /** How many matching publish requests it applies to (default 1); counted down, then removed. */
  times?: number;
  /** 'delay-after-store': how long the answer waits, in ms (default 60000). */
  ms?: number;
  /** '429': the wait it asks for, in seconds (default 60). */
  retryAfterSeconds?: number;
  /** Only publish requests for this page id (Facebook) or author urn (LinkedIn). */
  account?: string;
  /** Only publish requests whose message (Facebook) or commentary (LinkedIn) is exactly this. */
  content?: string;
}

/** A fault as it was applied, for tests that check what the publisher made of it. */
export interface FakeAppliedFault {
  platform: 'facebook' | 'linkedin';
  kind: FakeFaultKind;
  /** Page id or author urn of the request. */
  account: string;
  content: string;
  /** The id or urn of the post stored by this request (after-store kinds), else null. */
  stored: string | null;
  at: number;
}

export interface FakeFacebook {
  version: string;
  /** app id → app secret */
  apps: Map<string, string>;
  /** What /me/accounts lists, in order. */
  pages: FakePage[];
  /** The most /me/accounts returns at once, whatever `limit` asks for. */
  pageSize: number;
  /** `expires_in` of the long-lived user token; null leaves the field out, as Graph sometimes does. */
  longLivedExpiresIn: number | null;
  user: { id: string; name: string };
  failNext(path: string, status: number, body: unknown): void;
  /** Codes are one-time, bound to client_id + redirect_uri; tokens are opaque random strings. */
  issueCode(appId: string, redirectUri: string, scopes?: string[]): string;
  /** Live user/page/app tokens: a token not here answers 190. */
  tokens: Set<string>;
  /** Marks a token expired (190, subcode 463) rather than revoked (delete it from `tokens`: 460). */
  expire(token: string): void;
  /** Replaces the pages, minting a page token for each unless `access_token` is null. */
  setPages(pages: FakePageInput[]): FakePage[];
  /** Every post made through `POST /{page-id}/feed`, oldest first (remove one: deleted). */
  posts: FakeFacebookPost[];
  /**
   * Usage percentages in the X-App-Usage / X-Business-Use-Case-Usage headers (default 0);
   * `pages` sets the latter for single pages.
   */
  usage: { app: number; page: number; pages?: Record<string, number> };
  /** Insights metrics answered as retired (code 100); defaults to those Graph retired. */
  retiredMetrics: Set<string>;
  /** The most days one `/{page}/insights` answer covers; the rest is behind `paging.next`. */
  insightsWindowDays: number;
}

export interface FakeLinkedIn {
  /** client id → client secret */
  apps: Map<string, string>;
  member: FakeMember;
  scopeSeparator: ',' | ' ';
  /** Only approved partners get refresh tokens. */
  refreshToken: boolean;
  failNext(path: string, status: number, body: unknown): void;
  issueCode(clientId: string, redirectUri: string, scopes?: string[]): string;
  tokens: Set<string>;
  /** Marks a token expired (401 65602) rather than revoked (delete it from `tokens`: 65601). */
  expire(token: string): void;
  /** Every post made through `POST /rest/posts`, oldest first. */
  posts: FakeLinkedInPost[];
  /** Publish requests refused as duplicates by the fake itself (not by an injected fault). */
  duplicates: { author: string; commentary: string; urn: string; at: number }[];
}

export interface FakeSocial {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The six endpoint env vars pointing at `url`, versions included. */
  env: Record<string, string>;
  /** The same settings as the embedded server takes them (`startServer({ social })`). */
  endpoints: SocialEndpoints;
  facebook: FakeFacebook;
  linkedin: FakeLinkedIn;
  requests: FakeRequestLog[];
  /** Faults waiting for the next matching publish request(s); push to inject one. */
  faults: FakeFault[];
  /** The faults applied so far, in order. */
  appliedFaults: FakeAppliedFault[];
  /** Every token and refresh token the fake ever minted since the last reset, live or not. */
  issuedTokens(): string[];
  reset(): void;
  close(): Promise<void>;
}

export type FakePageInput = Omit<FakePage, 'access_token' | 'id' | 'category' | 'tasks'> & {
  id?: string;
  category?: string;
  tasks?: string[];
  /** null: listed without a token; a string: used as the page token; absent: one is minted. */
  access_token?: string | null;
};

/** A request as the platform handlers see it: path without the Graph version, body parsed. */
export interface FakeRequest {
  method: string;
  path: string;
  version: string | null;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  /** A string is sent as is (HTML), anything else as JSON; undefined sends no body. */
  body?: unknown;
}

export const FAKE_FACEBOOK_APP = {
  id: '100200300400500',
  secret: 'fake-facebook-app-secret',
} as const;

export const FAKE_LINKEDIN_APP = {
  id: 'fakelinkedinclient',
  secret: 'fake-linkedin-client-secret',
} as const;

export const FAKE_FACEBOOK_VERSION = 'v24.0';
export const FAKE_LINKEDIN_VERSION = '202608';
