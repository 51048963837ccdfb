import path from 'node:path';
import { z } from 'zod';
import { validProxyEntry } from './client-address.ts';
import type { MetricsSettings } from './metrics/index.ts';
import type { NotifyConfig } from './notify/push-config.ts';
import type { PublisherSettings } from './publisher/index.ts';
import type { RestLimits } from './rest/limits.ts';
import {
  parseAllowedHosts,
  type AiProxySettings,
} from '../supabase/functions/_shared/ai-address.ts';
import {
  SOCIAL_ENDPOINT_DEFAULTS,
  type SocialEndpoints,
} from '../supabase/functions/_shared/social-env.ts';

const portSchema = z.coerce.number().int().min(0).max(65535);
const rateLimitSchema = z.coerce.number().int().min(1).max(100_000);
const baseUrlSchema = (name: string, fallback: string) =>
  z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, `${name} must be an http(s) base URL`)
    .transform((v) => v.replace(/\/+$/, ''))
    .default(fallback);

const envSchema = z.object({
  API_PORT: portSchema.default(54321),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ANON_KEY: z.string().min(1).optional(),
  SERVICE_ROLE_KEY: z.string().min(1).optional(),
  API_EXTERNAL_URL: z.url().optional(),
  SITE_URL: z.url().optional(),
  JWT_EXPIRY: z.coerce.number().int().min(30).max(604800).default(3600),
  AUTH_SIGN_IN_RATE_LIMIT: rateLimitSchema.default(30),
  AUTH_SIGN_UP_RATE_LIMIT: rateLimitSchema.default(30),
  AUTH_RECOVER_RATE_LIMIT: rateLimitSchema.default(30),
  AUTH_TOKEN_REFRESH_RATE_LIMIT: rateLimitSchema.default(150),
  AUTH_MFA_RATE_LIMIT: rateLimitSchema.default(15),
  AUTH_MFA_CHALLENGE_EXPIRY: z.coerce.number().int().min(1).max(86_400).default(300),
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every(validProxyEntry),
      'TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR ranges',
    ),
  LOCAL_MAILBOX: z.enum(['on', 'off', 'auto']).default('auto'),
  AUTH_REQUIRE_CURRENT_PASSWORD: z.enum(['on', 'off']).default('on'),
  REST_ANON_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
  REST_AUTHENTICATED_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(8000),
  REST_USER_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(4),
  REST_USER_QUEUE: z.coerce.number().int().min(0).max(100_000).default(64),
  REST_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: URL')
    .default('mailto:postbloom@localhost'),
  PUSH_ALLOW_LOOPBACK_ENDPOINTS: z.enum(['on', 'off']).default('off'),
  PUSH_SERVICE_HOSTS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^[a-z0-9.-]+$/))
        .min(1, 'PUSH_SERVICE_HOSTS must name at least one host'),
    )
    .optional(),
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  NOTIFY_TEST_RATE_LIMIT: rateLimitSchema.default(5),
  SOCIAL_SECRETS_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'SOCIAL_SECRETS_KEY must be 32 random bytes in base64url')
    .optional(),
  FACEBOOK_DIALOG_URL: baseUrlSchema(
    'FACEBOOK_DIALOG_URL',
    SOCIAL_ENDPOINT_DEFAULTS.facebookDialogUrl,
  ),
  FACEBOOK_GRAPH_URL: baseUrlSchema(
    'FACEBOOK_GRAPH_URL',
    SOCIAL_ENDPOINT_DEFAULTS.facebookGraphUrl,
  ),
  FACEBOOK_GRAPH_VERSION: z
    .string()
    .regex(/^v\d{1,3}\.\d{1,2}$/, 'FACEBOOK_GRAPH_VERSION must look like v24.0')
    .default(SOCIAL_ENDPOINT_DEFAULTS.facebookGraphVersion),
  LINKEDIN_AUTH_URL: baseUrlSchema('LINKEDIN_AUTH_URL', SOCIAL_ENDPOINT_DEFAULTS.linkedinAuthUrl),
  LINKEDIN_API_URL: baseUrlSchema('LINKEDIN_API_URL', SOCIAL_ENDPOINT_DEFAULTS.linkedinApiUrl),
  LINKEDIN_VERSION: z
    .string()
    .regex(/^20\d\d(0[1-9]|1[0-2])$/, 'LINKEDIN_VERSION must be a YYYYMM month such as 202608')
    .default(SOCIAL_ENDPOINT_DEFAULTS.linkedinVersion),
  PUBLISH_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(15_000),
  PUBLISH_STUCK_AFTER_MS: z.coerce.number().int().min(1000).max(86_400_000).default(300_000),
  PUBLISH_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(50),
  METRICS_INTERVAL_MS: z.coerce.number().int().min(0).max(604_800_000).default(21_600_000),
  METRICS_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(50),
  METRICS_POST_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  AI_PROXY_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const hosts = parseAllowedHosts(v);
      if (!hosts)
        ctx.addIssue({
          code: 'custom',
          message: 'AI_PROXY_ALLOWED_HOSTS must be a comma-separated list of host or host:port',
        });
      return hosts ?? [];
    }),
  AI_PROXY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
});

export type ServerEnv = z.infer<typeof envSchema>;

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for PGlite data and generated keys; null keeps everything in memory (tests). */
  dataDir: string | null;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  anonKey: string | undefined;
  serviceRoleKey: string | undefined;
  /** Public URL of this API; defaults to http://host:port once the port is known. */
  apiExternalUrl: string | undefined;
  /** Where the app lives, used as the default redirect of auth emails. */
  siteUrl: string | undefined;
  jwtExpirySeconds: number;
  /** Password sign-in attempts allowed per window per client address, and failures per account. */
  signInRateLimit: RateLimit;
  /** Sign-ups allowed per window per client address. */
  signUpRateLimit: RateLimit;
  /** Password-recovery requests allowed per window per client address. */
  recoverRateLimit: RateLimit;
  /** Refresh-token grants allowed per window per client address (GoTrue's token_refresh). */
  tokenRefreshRateLimit: RateLimit;
  /** Two-factor challenges and verifications allowed per minute per client address (GoTrue: 15). */
  mfaRateLimit?: RateLimit;
  /** Seconds a two-factor challenge can be verified for (GoTrue: 300). */
  mfaChallengeExpirySeconds?: number;
  /** Reverse proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed. */
  trustedProxies: string[];
  /** Shared with the app server's proxy by `npm start`, so only that proxy's X-Forwarded-For counts. */
  proxySecret?: string;
  /** The /local/mail mailbox: `auto` serves it only while nothing makes this API reachable beyond loopback. */
  localMailbox: 'on' | 'off' | 'auto';
  /** Where the app server in front of this API listens (`npm start`'s HOST), if one does. */
  appHost?: string;
  /** Statement timeouts and per-user concurrency of /rest/v1 (defaults in server/rest/limits.ts). */
  restLimits?: Partial<RestLimits>;
  /** How long a rotated refresh token still yields the session's current tokens (default 10 s, as GoTrue). */
  refreshTokenReuseIntervalSeconds?: number;
  /** Web Push keys and limits of notifications (defaults in server/notify/push-config.ts). */
  notify?: Partial<NotifyConfig>;
  /**
   * GoTrue's UpdatePasswordRequireCurrentPassword: PUT /user sets a new password only with the
   * current one (sessions from an emailed link excepted). On from the environment; off when unset,
   * GoTrue's own default.
   */
  requireCurrentPassword?: boolean;
  /** Seals app secrets and platform tokens (32 bytes, base64url); generated into DATA_DIR if unset. */
  socialSecretsKey?: string | undefined;
  /** Facebook's and LinkedIn's base URLs and API versions (defaults in social-env.ts). */
  social?: Partial<SocialEndpoints>;
  /** The embedded publisher's timer (defaults in server/publisher/index.ts; intervalMs 0: off). */
  publisher?: Partial<PublisherSettings>;
  /** The embedded metrics collector's timer (defaults in server/metrics/index.ts; 0: off). */
  metrics?: Partial<MetricsSettings>;
  /** Hosts the ai-proxy function may call though private or plain http, and its timeout. */
  aiProxy?: Partial<AiProxySettings>;
}

export function parseEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid server environment:\n${lines.join('\n')}`);
  }
  const e = result.data;
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new Error(
      'Invalid server environment:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither',
    );
  }
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    anonKey: e.ANON_KEY,
    serviceRoleKey: e.SERVICE_ROLE_KEY,
    apiExternalUrl: e.API_EXTERNAL_URL,
    siteUrl: e.SITE_URL,
    jwtExpirySeconds: e.JWT_EXPIRY,
    signInRateLimit: { max: e.AUTH_SIGN_IN_RATE_LIMIT, windowMs: 5 * 60_000 },
    signUpRateLimit: { max: e.AUTH_SIGN_UP_RATE_LIMIT, windowMs: 5 * 60_000 },
    recoverRateLimit: { max: e.AUTH_RECOVER_RATE_LIMIT, windowMs: 60 * 60_000 },
    tokenRefreshRateLimit: { max: e.AUTH_TOKEN_REFRESH_RATE_LIMIT, windowMs: 5 * 60_000 },
    mfaRateLimit: { max: e.AUTH_MFA_RATE_LIMIT, windowMs: 60_000 },
    mfaChallengeExpirySeconds: e.AUTH_MFA_CHALLENGE_EXPIRY,
    trustedProxies: e.TRUSTED_PROXIES,
    localMailbox: e.LOCAL_MAILBOX,
    requireCurrentPassword: e.AUTH_REQUIRE_CURRENT_PASSWORD === 'on',
    restLimits: {
      anonStatementTimeoutMs: e.REST_ANON_STATEMENT_TIMEOUT_MS,
      authenticatedStatementTimeoutMs: e.REST_AUTHENTICATED_STATEMENT_TIMEOUT_MS,
      perUserConcurrency: e.REST_USER_CONCURRENCY,
      perUserQueue: e.REST_USER_QUEUE,
      queueTimeoutMs: e.REST_QUEUE_TIMEOUT_MS,
    },
    notify: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT,
      allowLoopbackEndpoints: e.PUSH_ALLOW_LOOPBACK_ENDPOINTS === 'on',
      ...(e.PUSH_SERVICE_HOSTS ? { pushServiceHosts: e.PUSH_SERVICE_HOSTS } : {}),
      pushTimeoutMs: e.PUSH_TIMEOUT_MS,
      testRateLimit: { max: e.NOTIFY_TEST_RATE_LIMIT, windowMs: 60_000 },
    },
    socialSecretsKey: e.SOCIAL_SECRETS_KEY,
    social: {
      facebookDialogUrl: e.FACEBOOK_DIALOG_URL,
      facebookGraphUrl: e.FACEBOOK_GRAPH_URL,
      facebookGraphVersion: e.FACEBOOK_GRAPH_VERSION,
      linkedinAuthUrl: e.LINKEDIN_AUTH_URL,
      linkedinApiUrl: e.LINKEDIN_API_URL,
      linkedinVersion: e.LINKEDIN_VERSION,
    },
    publisher: {
      intervalMs: e.PUBLISH_INTERVAL_MS,
      stuckAfterMs: e.PUBLISH_STUCK_AFTER_MS,
      batchSize: e.PUBLISH_BATCH_SIZE,
    },
    metrics: {
      intervalMs: e.METRICS_INTERVAL_MS,
      batchSize: e.METRICS_BATCH_SIZE,
      postDays: e.METRICS_POST_DAYS,
    },
    aiProxy: { allowedHosts: e.AI_PROXY_ALLOWED_HOSTS, timeoutMs: e.AI_PROXY_TIMEOUT_MS },
  };
}
