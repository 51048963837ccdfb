import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db.ts';

/** Timestamps leave the database as GoTrue prints them (RFC 3339, UTC), identical on PGlite and pg. */
export const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

export type Json = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string | null;
  app_metadata: Json | null;
  user_metadata: Json | null;
  is_anonymous: boolean;
  email_confirmed_at: string | null;
  last_sign_in_at: string | null;
  recovery_sent_at: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  created_at: string;
  updated_at: string;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  email: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A row of auth.mfa_factors as GoTrue shows it; the secret never leaves the database here. */
export interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  phone: string | null;
  last_challenged_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface User extends UserRow {
  identities: IdentityRow[];
  factors: FactorRow[];
}

const USER_COLUMNS = `
  u.id::text as id, u.aud, u.role, u.email, u.encrypted_password,
  u.raw_app_meta_data as app_metadata, u.raw_user_meta_data as user_metadata, u.is_anonymous,
  ${iso('u.email_confirmed_at')} as email_confirmed_at, ${iso('u.last_sign_in_at')} as last_sign_in_at,
  ${iso('u.recovery_sent_at')} as recovery_sent_at, u.email_change, ${iso('u.email_change_sent_at')} as email_change_sent_at,
  ${iso('u.created_at')} as created_at, ${iso('u.updated_at')} as updated_at`;

async function withIdentities(db: Queryable, row: UserRow | undefined): Promise<User | null> {
  if (!row) return null;
  const { rows } = await db.query<IdentityRow>(
    `select id::text as id, provider_id, user_id::text as user_id, identity_data, provider, email,
            ${iso('last_sign_in_at')} as last_sign_in_at, ${iso('created_at')} as created_at, ${iso('updated_at')} as updated_at
       from auth.identities where user_id = $1 order by created_at`,
    [row.id],
  );
  return { ...row, identities: rows, factors: await listFactors(db, row.id) };
}

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `select id::text as id, friendly_name, factor_type::text as factor_type, status::text as status, phone,
            ${iso('last_challenged_at')} as last_challenged_at, ${iso('created_at')} as created_at, ${iso('updated_at')} as updated_at
       from auth.mfa_factors where user_id = $1::uuid order by created_at, id`,
    [userId],
  );
  return rows;
}

export async function findUserById(
  db: Queryable,
  id: string,
  forUpdate = false,
): Promise<User | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u where u.id = $1::uuid and u.deleted_at is null${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return withIdentities(db, rows[0]);
}

/** `email` must already be normalised (trimmed, lower case). */
export async function findUserByEmail(db: Queryable, email: string): Promise<User | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u where lower(u.email) = $1 and u.deleted_at is null`,
    [email],
  );
  return withIdentities(db, rows[0]);
}

/**
 * A confirmed email user with its email identity, as GoTrue creates one when sign-ups are
 * auto-confirmed: the identity claims (sub, email, email_verified) win over `data` keys.
 */
export async function insertUser(
  db: Queryable,
  email: string,
  passwordHash: string,
  data: Json,
): Promise<string> {
  const id = randomUUID();
  const claims = { sub: id, email, email_verified: true, phone_verified: false };
  const userMetadata = { ...data, ...claims };
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous)
     values ($1::uuid, $2::uuid, 'authenticated', 'authenticated', $3, $4, now(), $5::jsonb, $6::jsonb, false, now(), now(), false)`,
    [
      INSTANCE_ID,
      id,
      email,
      passwordHash,
      JSON.stringify({ provider: 'email', providers: ['email'] }),
      JSON.stringify(userMetadata),
    ],
  );
  await db.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1::uuid, $2, $3::uuid, $4::jsonb, 'email', now(), now(), now())`,
    [randomUUID(), id, id, JSON.stringify({ ...data, ...claims })],
  );
  return id;
}

export async function recordSignIn(db: Queryable, userId: string): Promise<void> {
  await db.query(
    'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1::uuid',
    [userId],
  );
  await db.query(
    `update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1::uuid and provider = 'email'`,
    [userId],
  );
}

export async function setPasswordHash(db: Queryable, userId: string, hash: string): Promise<void> {
  await db.query(
    'update auth.users set encrypted_password = $2, updated_at = now() where id = $1::uuid',
    [userId, hash],
  );
}

/** GoTrue's metadata merge: top-level keys replace, a null value removes the key. */
export function mergeMetadata(current: Json | null, patch: Json): Json {
  const merged: Json = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export async function setUserMetadata(
  db: Queryable,
  userId: string,
  metadata: Json,
): Promise<void> {
  await db.query(
    'update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1::uuid',
    [userId, JSON.stringify(metadata)],
  );
}

export async function setEmail(db: Queryable, userId: string, email: string): Promise<void> {
  await db.query(
    `update auth.users
        set email = $2::text, email_change = null, email_change_token_new = null, email_change_token_current = '',
            email_change_confirm_status = 0, email_change_sent_at = null,
            raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', $2::text),
            updated_at = now()
      where id = $1::uuid`,
    [userId, email],
  );
  await db.query(
    `update auth.identities
        set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
      where user_id = $1::uuid and provider = 'email'`,
    [userId, email],
  );
}

function identityJson(i: IdentityRow) {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: i.last_sign_in_at,
    created_at: i.created_at,
    updated_at: i.updated_at,
    email: i.email,
  };
}

export function factorJson(f: FactorRow) {
  return {
    id: f.id,
    ...(f.friendly_name ? { friendly_name: f.friendly_name } : {}),
    factor_type: f.factor_type,
    status: f.status,
    created_at: f.created_at,
    updated_at: f.updated_at,
    phone: f.phone ?? '',
    last_challenged_at: f.last_challenged_at,
  };
}

/** The user object GoTrue answers with; absent timestamps (and an empty factor list) are left out as GoTrue does. */
export function userJson(u: User) {
  const optional = (key: string, value: string | null) => (value ? { [key]: value } : {});
  return {
    id: u.id,
    aud: u.aud,
    role: u.role,
    email: u.email,
    ...optional('email_confirmed_at', u.email_confirmed_at),
    phone: '',
    ...optional('confirmed_at', u.email_confirmed_at),
    ...optional('recovery_sent_at', u.recovery_sent_at),
    ...optional('new_email', u.email_change),
    ...optional('email_change_sent_at', u.email_change ? u.email_change_sent_at : null),
    ...optional('last_sign_in_at', u.last_sign_in_at),
    app_metadata: u.app_metadata ?? {},
    user_metadata: u.user_metadata ?? {},
    identities: u.identities.map(identityJson),
    ...(u.factors.length > 0 ? { factors: u.factors.map(factorJson) } : {}),
    created_at: u.created_at,
    updated_at: u.updated_at,
    is_anonymous: u.is_anonymous,
  };
}
