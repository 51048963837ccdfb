-- Social connections: app secrets and platform tokens are write-only for the browser.
-- docs/social-connections.md.
--
-- user_social_credentials keeps what the app shows (the app id / client id and a `configured`
-- flag). The app secret / client secret never stays in that row: a trigger takes it out on the way
-- in and parks it in social_secret_intake, where the server seals it (AES-256-GCM under
-- SOCIAL_SECRETS_KEY) into social_credential_secrets within about a second. Page and member tokens
-- live sealed in social_account_tokens. The three tables are for the service role only: row-level
-- security with no permissive policy, and no grant to anon or authenticated (hosted Supabase's
-- default privileges grant new public tables to both, hence the explicit revokes).

create table public.social_credential_secrets (
  user_id uuid not null references auth.users (id) on delete cascade,
  platform text not null check (platform in ('facebook', 'linkedin')),
  ciphertext text not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, platform)
);

create table public.social_secret_intake (
  user_id uuid not null references auth.users (id) on delete cascade,
  platform text not null check (platform in ('facebook', 'linkedin')),
  secret text not null,
  received_at timestamptz not null default now(),
  primary key (user_id, platform)
);

create table public.social_account_tokens (
  account_id uuid primary key references public.social_media_accounts (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  access_token text not null,
  refresh_token text,
  expires_at timestamptz,
  refresh_expires_at timestamptz,
  scopes text[] not null default '{}',
  updated_at timestamptz not null default now()
);
create index social_account_tokens_user_idx on public.social_account_tokens (user_id);

do $$
declare
  t text;
begin
  foreach t in array array['social_credential_secrets', 'social_secret_intake',
                           'social_account_tokens']
  loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on public.%I from public, anon, authenticated', t);
    execute format('grant select, insert, update, delete on public.%I to service_role', t);
    -- Every RLS table of the API schema carries the two-factor policy (20261124000600). Being
    -- restrictive, it grants nothing by itself: without a permissive policy no user row is visible.
    execute format(
      'create policy mfa_satisfied on public.%I as restrictive for all to authenticated '
      'using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()))', t);
  end loop;
end
$$;

-- The readable row: {app_id|client_id, configured}. A secret in the written value moves to the
-- intake; any other key is dropped, so nothing but the id ever reads back. Security definer: the
-- intake and the sealed store are out of reach of the API roles.
create or replace function private.social_credentials_take_secret() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  creds jsonb := case when pg_catalog.jsonb_typeof(new.platform_credentials) = 'object'
                      then new.platform_credentials else '{}'::jsonb end;
  id_key text := case new.platform when 'linkedin' then 'client_id' else 'app_id' end;
  secret_key text := case new.platform when 'linkedin' then 'client_secret' else 'app_secret' end;
  new_id text := creds ->> id_key;
  secret text := case when pg_catalog.jsonb_typeof(creds -> secret_key) = 'string'
                      then creds ->> secret_key end;
  old_id text;
  fresh boolean;
begin
  if pg_catalog.jsonb_typeof(new.platform_credentials) is distinct from 'object' then
    return new; -- the table's check constraint refuses it
  end if;
  if secret is not null and pg_catalog.btrim(secret) = '' then
    secret := null;
  end if;

  if tg_op = 'UPDATE' then
    if old.user_id is distinct from new.user_id or old.platform is distinct from new.platform then
      -- The row left its place: the secret stored for that place goes with nothing.
      delete from public.social_credential_secrets s
       where s.user_id = old.user_id and s.platform = old.platform;
      delete from public.social_secret_intake i
       where i.user_id = old.user_id and i.platform = old.platform;
      old_id := null;
    else
      old_id := old.platform_credentials ->> id_key;
    end if;
  end if;

  if secret is not null then
    insert into public.social_secret_intake as i (user_id, platform, secret, received_at)
    values (new.user_id, new.platform, secret, pg_catalog.now())
    on conflict (user_id, platform)
      do update set secret = excluded.secret, received_at = excluded.received_at;
  end if;

  -- An upsert runs the insert trigger on the proposed row and then this one on the conflicting
  -- row, with the secret already taken out: a secret received in this transaction counts as new.
  fresh := secret is not null or exists (
    select 1 from public.social_secret_intake i
     where i.user_id = new.user_id and i.platform = new.platform
       and i.received_at = pg_catalog.now());

  if not new.is_active
     or (not fresh and (tg_op = 'INSERT' or new_id is distinct from old_id)) then
    -- Soft delete, or a new app id / client id without its secret: forget the old secret.
    delete from public.social_credential_secrets s
     where s.user_id = new.user_id and s.platform = new.platform;
    delete from public.social_secret_intake i
     where i.user_id = new.user_id and i.platform = new.platform;
  end if;

  new.platform_credentials := pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
    id_key, new_id,
    'configured', new.is_active and (
      exists (select 1 from public.social_secret_intake i
               where i.user_id = new.user_id and i.platform = new.platform)
      or exists (select 1 from public.social_credential_secrets s
                  where s.user_id = new.user_id and s.platform = new.platform))));
  return new;
end;
$$;
revoke all on function private.social_credentials_take_secret() from public;

create trigger user_social_credentials_take_secret
  before insert or update on public.user_social_credentials
  for each row execute function private.social_credentials_take_secret();

-- A deleted credentials row leaves no secret behind.
create or replace function private.social_credentials_forget_secret() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.social_credential_secrets s
   where s.user_id = old.user_id and s.platform = old.platform;
  delete from public.social_secret_intake i
   where i.user_id = old.user_id and i.platform = old.platform;
  return null;
end;
$$;
revoke all on function private.social_credentials_forget_secret() from public;

create trigger user_social_credentials_forget_secret
  after delete on public.user_social_credentials
  for each row execute function private.social_credentials_forget_secret();

-- Disconnect (is_active false) forgets the account's tokens.
create or replace function private.social_account_forget_tokens() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.social_account_tokens t where t.account_id = new.id;
  return null;
end;
$$;
revoke all on function private.social_account_forget_tokens() from public;

create trigger social_media_accounts_forget_tokens
  after update of is_active on public.social_media_accounts
  for each row when (not new.is_active)
  execute function private.social_account_forget_tokens();

-- The sealing step: the intake row becomes the sealed secret only if it is still the one that was
-- read (a newer secret, or a soft delete, since then wins). One statement, so the two never part.
create or replace function public.seal_social_secret(
  p_user_id uuid, p_platform text, p_secret text, p_received_at timestamptz, p_ciphertext text
) returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  with taken as (
    delete from public.social_secret_intake i
     where i.user_id = p_user_id and i.platform = p_platform
       and i.secret = p_secret and i.received_at = p_received_at
    returning i.user_id, i.platform
  ), sealed as (
    insert into public.social_credential_secrets as s (user_id, platform, ciphertext, updated_at)
    select t.user_id, t.platform, p_ciphertext, pg_catalog.now() from taken t
    on conflict (user_id, platform)
      do update set ciphertext = excluded.ciphertext, updated_at = excluded.updated_at
    returning 1
  )
  select exists (select 1 from sealed)
$$;
revoke all on function public.seal_social_secret(uuid, text, text, timestamptz, text)
  from public, anon, authenticated;
grant execute on function public.seal_social_secret(uuid, text, text, timestamptz, text)
  to service_role;

-- The app's own save (the social-credentials function): the secret arrives already sealed, so its
-- plain value is never written to any table. One transaction: the row (whose trigger forgets a
-- secret stored for an earlier app id), the sealed secret, then the row again so `configured` reads
-- true. Service role only.
create or replace function public.save_social_credentials(
  p_user_id uuid, p_platform text, p_app_id text, p_ciphertext text
) returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  id_key text := case p_platform when 'linkedin' then 'client_id' else 'app_id' end;
  row_id uuid;
begin
  insert into public.user_social_credentials as c
    (user_id, platform, platform_credentials, is_active, validation_status, validation_error,
     last_validated_at)
  values (p_user_id, p_platform, pg_catalog.jsonb_build_object(id_key, p_app_id), true, 'pending',
          null, null)
  on conflict (user_id, platform) do update
    set platform_credentials = excluded.platform_credentials, is_active = true,
        validation_status = 'pending', validation_error = null, last_validated_at = null
  returning c.id into row_id;

  delete from public.social_secret_intake i
   where i.user_id = p_user_id and i.platform = p_platform;
  insert into public.social_credential_secrets as s (user_id, platform, ciphertext, updated_at)
  values (p_user_id, p_platform, p_ciphertext, pg_catalog.now())
  on conflict (user_id, platform)
    do update set ciphertext = excluded.ciphertext, updated_at = excluded.updated_at;

  update public.user_social_credentials c
     set platform_credentials = c.platform_credentials
   where c.id = row_id;
  return row_id;
end;
$$;
revoke all on function public.save_social_credentials(uuid, text, text, text)
  from public, anon, authenticated;
grant execute on function public.save_social_credentials(uuid, text, text, text)
  to service_role;

-- Rows written before this migration: secrets move to the intake, the rows take the new shape.
update public.user_social_credentials set platform_credentials = platform_credentials;
