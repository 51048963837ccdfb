-- Web Push: each browser a user turned push on in keeps one row here (its push service endpoint and
-- the keys that encrypt what is sent to it). Not a synced entity: a subscription belongs to one
-- device, which writes and deletes its own row directly (docs/notifications.md).

-- Server-only Web Push settings: the generated VAPID key pair (when none is given in the
-- environment) and whether plain-http loopback endpoints are accepted (the tests' push service).
-- No API role may read it.
create table private.web_push_settings (
  id boolean primary key default true check (id),
  vapid_public_key text,
  vapid_private_key text,
  allow_loopback_endpoints boolean not null default false,
  updated_at timestamptz not null default now()
);
-- Row-level security with no policy: only the server's own (owner) connection reads it.
alter table private.web_push_settings enable row level security;
revoke all on private.web_push_settings from public, anon, authenticated, service_role;
insert into private.web_push_settings (id) values (true) on conflict do nothing;

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- Push service URLs are a few hundred characters; the bound keeps junk out.
  endpoint text not null check (length(endpoint) between 12 and 2048),
  -- The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
  p256dh text not null check (p256dh ~ '^[A-Za-z0-9_-]{86,88}={0,2}$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_-]{21,24}={0,2}$'),
  user_agent text check (user_agent is null or length(user_agent) <= 512),
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  constraint push_subscriptions_user_endpoint_key unique (user_id, endpoint)
);
create index push_subscriptions_user_idx on public.push_subscriptions (user_id);

-- Push services are https. The embedded server may also accept http on loopback (its tests' fake
-- push service), and only when told to at start-up (PUSH_ALLOW_LOOPBACK_ENDPOINTS).
create or replace function private.check_push_endpoint() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  loopback_ok boolean;
begin
  if new.endpoint ~ '^https://[A-Za-z0-9.-]+(:[0-9]{1,5})?/[!-~]*$' then
    return new;
  end if;
  select s.allow_loopback_endpoints into loopback_ok from private.web_push_settings s;
  if coalesce(loopback_ok, false)
     and new.endpoint ~ '^http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]{1,5})?/[!-~]*$' then
    return new;
  end if;
  raise exception 'push subscription endpoint must be an https URL' using errcode = '22023';
end;
$$;
revoke all on function private.check_push_endpoint() from public;

create trigger push_subscriptions_check_endpoint before insert or update of endpoint
  on public.push_subscriptions for each row execute function private.check_push_endpoint();

-- A device re-subscribing keeps its row's id and creation time; last_used_at is the server's.
create or replace function private.keep_push_subscription_columns() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    new.id := old.id;
    new.user_id := old.user_id;
    new.created_at := old.created_at;
    if current_user = 'authenticated' then
      new.last_used_at := old.last_used_at;
    end if;
  elsif current_user = 'authenticated' then
    new.created_at := now();
    new.last_used_at := null;
  end if;
  return new;
end;
$$;
revoke all on function private.keep_push_subscription_columns() from public;

create trigger push_subscriptions_keep_columns before insert or update
  on public.push_subscriptions for each row execute function private.keep_push_subscription_columns();

alter table public.push_subscriptions enable row level security;
grant select, insert, update, delete on public.push_subscriptions to authenticated, service_role;

create policy "Owner can read" on public.push_subscriptions
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Owner can insert" on public.push_subscriptions
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "Owner can update" on public.push_subscriptions
  for update to authenticated using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);
create policy "Owner can delete" on public.push_subscriptions
  for delete to authenticated using ((select auth.uid()) = user_id);
