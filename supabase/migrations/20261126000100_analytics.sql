-- Analytics: the numbers the metrics collector reads from the platforms (docs/analytics.md,
-- "Collector"). Three tables, written only by the service role (the collector) and synced to the
-- owner read-only, like publish_targets.

-- analytics_accounts ---------------------------------------------------------------------------

-- One row per social account the collector looked at: how the last collection went.
create table public.analytics_accounts (
  id uuid primary key references public.social_media_accounts (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  platform text not null,
  account_name text,
  status text not null default 'ok'
    check (status in ('ok', 'partial', 'unavailable', 'rate_limited', 'reconnect_needed', 'error')),
  -- A sentence for the user; null when the collection went well.
  message text,
  followers integer,
  unavailable_metrics text[] not null default '{}',
  -- The last successful collection (null: never); attempted_at is the last try, successful or not.
  collected_at timestamptz,
  attempted_at timestamptz,
  version bigint not null default 1,
  last_mutation_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index analytics_accounts_attempted_idx on public.analytics_accounts (attempted_at);

-- analytics_daily ------------------------------------------------------------------------------

-- A page's numbers per day; every number may be null (not available).
create table public.analytics_daily (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  account_id uuid not null references public.social_media_accounts (id) on delete cascade,
  platform text not null,
  -- The day the values are for (Graph's end_time minus one day).
  day date not null,
  followers integer,
  follows integer,
  views integer,
  reach integer,
  engagements integer,
  version bigint not null default 1,
  last_mutation_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint analytics_daily_account_day_key unique (account_id, day)
);

-- analytics_post_metrics -----------------------------------------------------------------------

-- One row per published target: its numbers on the platform.
create table public.analytics_post_metrics (
  id uuid primary key references public.publish_targets (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  post_id uuid not null,
  account_id uuid,
  platform text not null,
  remote_id text,
  permalink text,
  published_at timestamptz,
  content_type text check (content_type in ('text', 'link', 'image', 'video', 'carousel')),
  reactions integer,
  comments integer,
  shares integer,
  clicks integer,
  reach integer,
  views integer,
  status text not null default 'ok' check (status in ('ok', 'unavailable', 'deleted')),
  collected_at timestamptz,
  version bigint not null default 1,
  last_mutation_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index analytics_post_metrics_account_idx on public.analytics_post_metrics (account_id);

-- Triggers, row-level security, grants ---------------------------------------------------------

do $$
declare
  t text;
begin
  foreach t in array array['analytics_accounts', 'analytics_daily', 'analytics_post_metrics']
  loop
    execute format(
      'create trigger %I before insert or update on public.%I for each row execute function public.bump_row_version()',
      t || '_bump_version', t);
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on public.%I from public, anon, authenticated', t);
    execute format('grant select on public.%I to authenticated', t);
    execute format('grant select, insert, update, delete on public.%I to service_role', t);
    execute format(
      'create policy "Owner can read" on public.%I for select to authenticated using ((select auth.uid()) = user_id)',
      t);
    execute format(
      'create policy mfa_satisfied on public.%I as restrictive for all to authenticated using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()))',
      t);
  end loop;
end
$$;

-- Sync: read-only entities ---------------------------------------------------------------------

create or replace function private.sync_analytics_accounts_json(r public.analytics_accounts)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when r.id is null then null else pg_catalog.to_jsonb(r) - 'txid' end
$$;

create or replace function private.sync_analytics_daily_json(r public.analytics_daily)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when r.id is null then null else pg_catalog.to_jsonb(r) - 'txid' end
$$;

create or replace function private.sync_analytics_post_metrics_json(r public.analytics_post_metrics)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when r.id is null then null else pg_catalog.to_jsonb(r) - 'txid' end
$$;

create or replace function private.sync_apply_analytics_accounts(m jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
begin
  raise exception 'Analytics are written by the server.' using errcode = '42501';
end;
$$;

create or replace function private.sync_apply_analytics_daily(m jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
begin
  raise exception 'Analytics are written by the server.' using errcode = '42501';
end;
$$;

create or replace function private.sync_apply_analytics_post_metrics(m jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
begin
  raise exception 'Analytics are written by the server.' using errcode = '42501';
end;
$$;

revoke all on function private.sync_analytics_accounts_json(public.analytics_accounts) from public;
revoke all on function private.sync_analytics_daily_json(public.analytics_daily) from public;
revoke all on function private.sync_analytics_post_metrics_json(public.analytics_post_metrics)
  from public;
revoke all on function private.sync_apply_analytics_accounts(jsonb) from public;
revoke all on function private.sync_apply_analytics_daily(jsonb) from public;
revoke all on function private.sync_apply_analytics_post_metrics(jsonb) from public;
grant execute on function private.sync_analytics_accounts_json(public.analytics_accounts)
  to authenticated;
grant execute on function private.sync_analytics_daily_json(public.analytics_daily) to authenticated;
grant execute on function private.sync_analytics_post_metrics_json(public.analytics_post_metrics)
  to authenticated;
grant execute on function private.sync_apply_analytics_accounts(jsonb) to authenticated;
grant execute on function private.sync_apply_analytics_daily(jsonb) to authenticated;
grant execute on function private.sync_apply_analytics_post_metrics(jsonb) to authenticated;

select private.sync_register_entity('analytics_accounts', 'user_id',
  'private.sync_apply_analytics_accounts(jsonb)',
  'private.sync_analytics_accounts_json(public.analytics_accounts)');
select private.sync_register_entity('analytics_daily', 'user_id',
  'private.sync_apply_analytics_daily(jsonb)',
  'private.sync_analytics_daily_json(public.analytics_daily)');
select private.sync_register_entity('analytics_post_metrics', 'user_id',
  'private.sync_apply_analytics_post_metrics(jsonb)',
  'private.sync_analytics_post_metrics_json(public.analytics_post_metrics)');

-- The collector (service role only) -------------------------------------------------------------

-- Claims the accounts due for a collection: connected Facebook and LinkedIn accounts not tried in
-- the last p_due_seconds (of one user, or one account, when given). Claiming stamps attempted_at
-- in the same statement that checks it, so two collectors running at once never take the same
-- account: the second waits for the first's row and then finds it no longer due.
-- Answers the claimed accounts with the last day their insights were stored.
create or replace function public.metrics_claim_accounts(
  p_limit integer, p_due_seconds integer, p_user uuid default null, p_account uuid default null
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  due timestamptz := pg_catalog.now() - pg_catalog.make_interval(secs => greatest(p_due_seconds, 0));
  claimed uuid[];
begin
  with cand as (
    select a.id, a.user_id, a.platform, a.account_name
      from public.social_media_accounts a
      left join public.analytics_accounts m on m.id = a.id
     where a.is_active and a.connection_status = 'connected'
       and a.platform in ('facebook', 'linkedin')
       and (p_user is null or a.user_id = p_user)
       and (p_account is null or a.id = p_account)
       and (m.attempted_at is null or m.attempted_at <= due)
     order by m.attempted_at nulls first, a.id
     limit greatest(p_limit, 0)
  ), ins as (
    insert into public.analytics_accounts as m (id, user_id, platform, account_name, attempted_at)
    select c.id, c.user_id, c.platform, c.account_name, pg_catalog.now() from cand c
    on conflict (id) do update
      set attempted_at = excluded.attempted_at, account_name = excluded.account_name
      where m.attempted_at is null or m.attempted_at <= due
    returning m.id
  )
  select coalesce(pg_catalog.array_agg(ins.id), '{}'::uuid[]) into claimed from ins;

  return coalesce((
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
             'id', a.id, 'user_id', a.user_id, 'platform', a.platform,
             'platform_account_id', a.platform_account_id, 'account_name', a.account_name,
             'last_day', (select max(d.day) from public.analytics_daily d
                           where d.account_id = a.id
                             and (d.follows is not null or d.views is not null
                                  or d.reach is not null or d.engagements is not null)))
           order by a.id)
      from public.social_media_accounts a
     where a.id = any (claimed)), '[]'::jsonb);
end;
$$;

-- Records how an account's collection went. p_result: {status, message, followers?,
-- unavailable_metrics?, collected}. A follower count left out or null keeps the stored one; a
-- collection that did not finish (collected false) keeps the time of the last good one.
create or replace function public.metrics_save_account(p_account uuid, p_result jsonb)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  ok boolean := coalesce((p_result ->> 'collected')::boolean, false);
begin
  update public.analytics_accounts m set
    status = p_result ->> 'status',
    message = p_result ->> 'message',
    followers = coalesce((p_result ->> 'followers')::integer, m.followers),
    unavailable_metrics = case when p_result ? 'unavailable_metrics'
                               then private.sync_text_array(p_result -> 'unavailable_metrics')
                               else m.unavailable_metrics end,
    collected_at = case when ok then pg_catalog.now() else m.collected_at end
  where m.id = p_account;
end;
$$;

-- Stores a page's numbers per day: p_rows [{day, followers, follows, views, reach, engagements}].
-- A number left out or null keeps what was stored (a metric that went missing erases nothing).
create or replace function public.metrics_save_daily(p_account uuid, p_rows jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  acc public.social_media_accounts;
  n integer;
begin
  select * into acc from public.social_media_accounts a where a.id = p_account;
  if not found then
    return 0;
  end if;
  insert into public.analytics_daily as d
    (user_id, account_id, platform, day, followers, follows, views, reach, engagements)
  select acc.user_id, acc.id, acc.platform, (r ->> 'day')::date, (r ->> 'followers')::integer,
         (r ->> 'follows')::integer, (r ->> 'views')::integer, (r ->> 'reach')::integer,
         (r ->> 'engagements')::integer
    from pg_catalog.jsonb_array_elements(coalesce(p_rows, '[]'::jsonb)) r
  on conflict (account_id, day) do update set
    followers = coalesce(excluded.followers, d.followers),
    follows = coalesce(excluded.follows, d.follows),
    views = coalesce(excluded.views, d.views),
    reach = coalesce(excluded.reach, d.reach),
    engagements = coalesce(excluded.engagements, d.engagements)
  where (d.followers, d.follows, d.views, d.reach, d.engagements) is distinct from
        (coalesce(excluded.followers, d.followers), coalesce(excluded.follows, d.follows),
         coalesce(excluded.views, d.views), coalesce(excluded.reach, d.reach),
         coalesce(excluded.engagements, d.engagements));
  get diagnostics n = row_count;
  return n;
end;
$$;

-- Stores posts' numbers: p_rows [{id (publish target), status, content_type?, reactions,
-- comments, shares, clicks, reach, views}]. The target's own fields (owner, post, account, remote
-- id, link, time) come from publish_targets. A post gone on the platform ('deleted') keeps its
-- last numbers.
create or replace function public.metrics_save_posts(p_rows jsonb)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  insert into public.analytics_post_metrics as p
    (id, user_id, post_id, account_id, platform, remote_id, permalink, published_at, content_type,
     reactions, comments, shares, clicks, reach, views, status, collected_at)
  select t.id, t.user_id, t.post_id, t.account_id, t.platform, t.remote_id, t.permalink,
         t.published_at, r ->> 'content_type', (r ->> 'reactions')::integer,
         (r ->> 'comments')::integer, (r ->> 'shares')::integer, (r ->> 'clicks')::integer,
         (r ->> 'reach')::integer, (r ->> 'views')::integer, r ->> 'status', pg_catalog.now()
    from pg_catalog.jsonb_array_elements(coalesce(p_rows, '[]'::jsonb)) r
    join public.publish_targets t on t.id = (r ->> 'id')::uuid
  on conflict (id) do update set
    account_id = excluded.account_id,
    remote_id = excluded.remote_id,
    permalink = excluded.permalink,
    published_at = excluded.published_at,
    status = excluded.status,
    content_type = case when excluded.status = 'deleted' then p.content_type
                        else coalesce(excluded.content_type, p.content_type) end,
    reactions = case when excluded.status = 'deleted' then p.reactions else excluded.reactions end,
    comments = case when excluded.status = 'deleted' then p.comments else excluded.comments end,
    shares = case when excluded.status = 'deleted' then p.shares else excluded.shares end,
    clicks = case when excluded.status = 'deleted' then p.clicks else excluded.clicks end,
    reach = case when excluded.status = 'deleted' then p.reach else excluded.reach end,
    views = case when excluded.status = 'deleted' then p.views else excluded.views end,
    collected_at = case when excluded.status = 'deleted' then p.collected_at
                        else excluded.collected_at end;
  get diagnostics n = row_count;
  return n;
end;
$$;

revoke all on function public.metrics_claim_accounts(integer, integer, uuid, uuid)
  from public, anon, authenticated;
revoke all on function public.metrics_save_account(uuid, jsonb) from public, anon, authenticated;
revoke all on function public.metrics_save_daily(uuid, jsonb) from public, anon, authenticated;
revoke all on function public.metrics_save_posts(jsonb) from public, anon, authenticated;
grant execute on function public.metrics_claim_accounts(integer, integer, uuid, uuid)
  to service_role;
grant execute on function public.metrics_save_account(uuid, jsonb) to service_role;
grant execute on function public.metrics_save_daily(uuid, jsonb) to service_role;
grant execute on function public.metrics_save_posts(jsonb) to service_role;
