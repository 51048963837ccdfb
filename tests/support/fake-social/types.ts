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
}

export interface FakeSocial {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The six endpoint env vars pointing at `url`, versions included. */
  env: Record<string, string>;
  facebook: FakeFacebook;
  linkedin: FakeLinkedIn;
  requests: FakeRequestLog[];
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
