-- Scheduling and publishing (docs/publishing.md, "Database").
--
--   * public.scheduled_posts: what the user scheduled; a synced entity written by the app through
--     the outbox. The newest write wins while the post is unlocked; once publishing has started it
--     can no longer be changed or cancelled. `status` is the server's aggregate of its targets.
--   * public.publish_targets: one row per (platform, account) the post goes to, built by a trigger
--     from the post and the user's own connected accounts; written by the server only (the
--     publisher through the service-role RPCs below, the user through two narrow RPCs).
--   * public.user_notifications: notices the SQL writes as targets move (published, failed, …);
--     a client may only mark them read.
-- All three are registered sync entities (20261124000200_sync_registry.sql).

-- Accounts: whether their tokens still work ------------------------------------------------------

alter table public.social_media_accounts
  add column connection_status text not null default 'connected'
    constraint social_media_accounts_connection_status_check
    check (connection_status in ('connected', 'reconnect_needed')),
  add column connection_error text
    constraint social_media_accounts_connection_error_check
    check (connection_error is null or char_length(connection_error) <= 1000);

-- Only the server (the connect functions, the publisher) says whether a connection works: a user's
-- own REST write keeps what the server set.
create or replace function private.social_account_keep_connection() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') then
    if tg_op = 'INSERT' then
      new.connection_status := 'connected';
      new.connection_error := null;
    else
      new.connection_status := old.connection_status;
      new.connection_error := old.connection_error;
    end if;
  end if;
  return new;
end;
$$;
revoke all on function private.social_account_keep_connection() from public;

create trigger social_media_accounts_keep_connection
  before insert or update on public.social_media_accounts
  for each row execute function private.social_account_keep_connection();

-- Helpers for the notices ----------------------------------------------------------------------

create or replace function private.publish_platform_label(p text) returns text
language sql
immutable
set search_path = ''
as $$
  select case p when 'facebook' then 'Facebook' when 'linkedin' then 'LinkedIn'
                when 'instagram' then 'Instagram' when 'twitter' then 'X (Twitter)' else p end
$$;

-- The first 80 characters of a post, with an ellipsis when cut.
create or replace function private.publish_snippet(content text) returns text
language sql
immutable
set search_path = ''
as $$
  select case when pg_catalog.char_length(pg_catalog.btrim(coalesce(content, ''))) > 80
              then pg_catalog.left(pg_catalog.btrim(content), 80) || '…'
              else pg_catalog.btrim(coalesce(content, '')) end
$$;

revoke all on function private.publish_platform_label(text) from public;
revoke all on function private.publish_snippet(text) from public;

-- scheduled_posts ------------------------------------------------------------------------------

create table public.scheduled_posts (
  id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  content text not null
    constraint scheduled_posts_content_check
    check (pg_catalog.char_length(pg_catalog.btrim(content)) between 1 and 63206),
  platforms text[] not null
    constraint scheduled_posts_platforms_check
    check (pg_catalog.cardinality(platforms) > 0
           and platforms <@ array['facebook', 'instagram', 'linkedin', 'twitter']::text[]),
  account_ids uuid[] not null default '{}'
    constraint scheduled_posts_account_ids_check check (pg_catalog.cardinality(account_ids) <= 100),
  scheduled_for timestamptz not null,
  publish_mode text not null check (publish_mode in ('now', 'schedule', 'optimal')),
  time_rule text check (time_rule is null or pg_catalog.char_length(time_rule) <= 300),
  draft_id uuid,
  status text not null default 'scheduled'
    check (status in ('scheduled', 'publishing', 'published', 'failed', 'needs_attention',
                      'cancelled')),
  version bigint not null default 1,
  last_mutation_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);

create trigger scheduled_posts_bump_version before insert or update on public.scheduled_posts
  for each row execute function public.bump_row_version();

alter table public.scheduled_posts enable row level security;
revoke all on public.scheduled_posts from public, anon, authenticated;
grant select, insert, update, delete on public.scheduled_posts to authenticated, service_role;

create policy "Owner can read" on public.scheduled_posts
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Owner can insert" on public.scheduled_posts
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "Owner can update" on public.scheduled_posts
  for update to authenticated using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);
create policy "Owner can delete" on public.scheduled_posts
  for delete to authenticated using ((select auth.uid()) = user_id);
create policy mfa_satisfied on public.scheduled_posts as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

-- publish_targets ------------------------------------------------------------------------------

create table public.publish_targets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  post_id uuid not null references public.scheduled_posts (id) on delete cascade,
  platform text not null check (platform in ('facebook', 'instagram', 'linkedin', 'twitter')),
  account_id uuid references public.social_media_accounts (id) on delete set null,
  -- A snapshot for display: the account may be renamed or removed later.
  account_name text,
  kind text not null check (kind in ('auto', 'manual')),
  status text not null default 'scheduled'
    check (status in ('scheduled', 'publishing', 'published', 'failed', 'needs_attention',
                      'reminder', 'posted', 'cancelled')),
  due_at timestamptz not null,
  next_attempt_at timestamptz,
  attempt_id uuid,
  claimed_at timestamptz,
  attempts integer not null default 0,
  -- A claim found it stuck in publishing: the publisher must reconcile, never send again.
  outcome_unknown boolean not null default false,
  -- The user pressed Publish again after needs attention: a duplicate refusal means it is there.
  resend_confirmed boolean not null default false,
  remote_id text,
  permalink text,
  error_code text,
  error_message text,
  published_at timestamptz,
  version bigint not null default 1,
  last_mutation_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index publish_targets_post_idx on public.publish_targets (post_id);
create index publish_targets_account_idx on public.publish_targets (account_id);
create index publish_targets_due_idx on public.publish_targets
  ((coalesce(next_attempt_at, due_at))) where status = 'scheduled';
create index publish_targets_publishing_idx on public.publish_targets (claimed_at)
  where status = 'publishing';

create trigger publish_targets_bump_version before insert or update on public.publish_targets
  for each row execute function public.bump_row_version();

alter table public.publish_targets enable row level security;
revoke all on public.publish_targets from public, anon, authenticated;
grant select on public.publish_targets to authenticated;
grant select, insert, update, delete on public.publish_targets to service_role;

create policy "Owner can read" on public.publish_targets
  for select to authenticated using ((select auth.uid()) = user_id);
create policy mfa_satisfied on public.publish_targets as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

-- user_notifications ---------------------------------------------------------------------------

create table public.user_notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null
    check (kind in ('published', 'failed', 'needs_attention', 'reconnect_needed', 'reminder')),
  title text not null,
  body text not null,
  url text,
  post_id uuid,
  target_id uuid,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  version bigint not null default 1,
  last_mutation_id uuid,
  updated_at timestamptz not null default now()
);

create trigger user_notifications_bump_version before insert or update
  on public.user_notifications for each row execute function public.bump_row_version();

alter table public.user_notifications enable row level security;
revoke all on public.user_notifications from public, anon, authenticated;
grant select on public.user_notifications to authenticated;
grant update (read_at, last_mutation_id) on public.user_notifications to authenticated;
grant select, insert, update, delete on public.user_notifications to service_role;

create policy "Owner can read" on public.user_notifications
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Owner can update" on public.user_notifications
  for update to authenticated using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);
create policy mfa_satisfied on public.user_notifications as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

-- A user only marks a notice read: the earliest read time stays, nothing is un-read, and a read
-- time is never later than now.
create or replace function private.user_notifications_keep_read() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') then
    if new.read_at is not null then
      new.read_at := least(new.read_at, pg_catalog.now());
    end if;
    if old.read_at is not null then
      new.read_at := least(old.read_at, coalesce(new.read_at, old.read_at));
    end if;
  end if;
  return new;
end;
$$;
revoke all on function private.user_notifications_keep_read() from public;

create trigger user_notifications_keep_read before update on public.user_notifications
  for each row execute function private.user_notifications_keep_read();

-- Email/push delivery of a notice, at most once (server/notify/dispatch.ts).
create table private.notification_deliveries (
  notification_id uuid primary key references public.user_notifications (id) on delete cascade,
  delivered_at timestamptz not null default now(),
  result jsonb
);
alter table private.notification_deliveries enable row level security;
revoke all on private.notification_deliveries from public, anon, authenticated, service_role;

-- The last run of each background worker (the publisher, the notice dispatcher).
create table private.worker_runs (
  worker text primary key check (char_length(worker) between 1 and 100),
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_result jsonb,
  runs bigint not null default 0
);
alter table private.worker_runs enable row level security;
revoke all on private.worker_runs from public, anon, authenticated, service_role;

-- Notices ----------------------------------------------------------------------------------------

-- One notice about a target (published, failed, needs_attention, reminder), in the texts of
-- docs/publishing.md.
create or replace function private.publish_notice(t public.publish_targets, p_kind text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  label text := private.publish_platform_label(t.platform);
  who text := coalesce(t.account_name, private.publish_platform_label(t.platform));
  snip text;
begin
  select private.publish_snippet(p.content) into snip
    from public.scheduled_posts p where p.id = t.post_id;
  snip := coalesce(snip, '');
  insert into public.user_notifications (user_id, kind, title, body, url, post_id, target_id)
  values (
    t.user_id, p_kind,
    case p_kind
      when 'published' then 'Published on ' || label
      when 'failed' then 'Not published on ' || label
      when 'needs_attention' then 'Check your page before posting again'
      when 'reminder' then 'Time to post on ' || label
    end,
    case p_kind
      when 'published' then who || ': ' || snip
      when 'failed' then coalesce(nullif(t.error_message, ''), 'The post could not be published.')
      when 'needs_attention' then
        'We could not tell whether your post reached ' || who || ' on ' || label || '.'
      when 'reminder' then snip
    end,
    case when p_kind = 'published' and t.permalink is not null then t.permalink
         else '/calendar' end,
    t.post_id, t.id);
end;
$$;
revoke all on function private.publish_notice(public.publish_targets, text) from public;

-- Targets from the post ----------------------------------------------------------------------

-- (Re)builds a post's targets from its platforms and account_ids. Only the post owner's own
-- active accounts count, whatever ids the post names. Security definer: the API roles cannot
-- write publish_targets.
create or replace function private.scheduled_posts_build_targets() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  post public.scheduled_posts := new;
  p text;
  acc record;
  chosen integer;
  active integer;
  keep uuid[] := '{}';
  tid uuid;
begin
  if post.deleted_at is not null then
    update public.publish_targets t set status = 'cancelled'
     where t.post_id = post.id and t.status = 'scheduled';
    return null;
  end if;

  for p in select distinct u from pg_catalog.unnest(post.platforms) u loop
    if p in ('facebook', 'linkedin') then
      select count(*) into chosen from public.social_media_accounts a
       where a.user_id = post.user_id and a.platform = p and a.is_active
         and a.id = any (post.account_ids);
      select count(*) into active from public.social_media_accounts a
       where a.user_id = post.user_id and a.platform = p and a.is_active;
      if chosen > 0 or active = 1 then
        for acc in
          select a.id, a.account_name from public.social_media_accounts a
           where a.user_id = post.user_id and a.platform = p and a.is_active
             and (chosen = 0 or a.id = any (post.account_ids))
        loop
          tid := private.publish_keep_target(post, p, acc.id, acc.account_name, 'auto', null);
          keep := keep || tid;
        end loop;
      else
        tid := private.publish_keep_target(post, p, null, null, 'manual',
                                           case when active = 0 then 'no_account'
                                                else 'no_account_chosen' end);
        keep := keep || tid;
      end if;
    else
      -- Instagram and X are not published automatically yet: a reminder to post it yourself.
      tid := private.publish_keep_target(post, p, null, null, 'manual', null);
      keep := keep || tid;
    end if;
  end loop;

  -- Targets that are no longer wanted go, unless publishing them has started (never for a write
  -- by a user: the lock refuses it first).
  delete from public.publish_targets t
   where t.post_id = post.id and t.id <> all (keep) and t.status in ('scheduled', 'cancelled')
     and t.claimed_at is null;
  return null;
end;
$$;

-- The target of (post, platform, account, kind): the existing row, rescheduled, or a new one.
create or replace function private.publish_keep_target(
  post public.scheduled_posts, p_platform text, p_account uuid, p_account_name text, p_kind text,
  p_error_code text
) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  tid uuid;
begin
  select t.id into tid from public.publish_targets t
   where t.post_id = post.id and t.platform = p_platform
     and t.account_id is not distinct from p_account and t.kind = p_kind
   order by t.created_at, t.id
   limit 1
   for update;
  if tid is null then
    insert into public.publish_targets
      (user_id, post_id, platform, account_id, account_name, kind, due_at, error_code)
    values (post.user_id, post.id, p_platform, p_account, p_account_name, p_kind,
            post.scheduled_for, p_error_code)
    returning id into tid;
  else
    update public.publish_targets t
       set status = 'scheduled', due_at = post.scheduled_for, next_attempt_at = null,
           account_name = coalesce(p_account_name, t.account_name), error_code = p_error_code,
           error_message = null
     where t.id = tid and t.status in ('scheduled', 'cancelled') and t.claimed_at is null
       and (t.status <> 'scheduled' or t.due_at <> post.scheduled_for
            or t.error_code is distinct from p_error_code
            or t.account_name is distinct from coalesce(p_account_name, t.account_name));
  end if;
  return tid;
end;
$$;
revoke all on function private.publish_keep_target(public.scheduled_posts, text, uuid, text, text, text)
  from public;
revoke all on function private.scheduled_posts_build_targets() from public;

create trigger scheduled_posts_build_targets_insert after insert on public.scheduled_posts
  for each row execute function private.scheduled_posts_build_targets();
create trigger scheduled_posts_build_targets_update after update on public.scheduled_posts
  for each row
  when (old.platforms is distinct from new.platforms
        or old.account_ids is distinct from new.account_ids
        or old.scheduled_for is distinct from new.scheduled_for
        or old.deleted_at is distinct from new.deleted_at)
  execute function private.scheduled_posts_build_targets();

-- The lock ----------------------------------------------------------------------------------------

-- Publishing has started once any target left `scheduled` (claimed, reminded, published, …) or
-- was ever claimed (a retry back in `scheduled`). The write already holds the post (its own row
-- lock), and its targets are locked here: a claim takes a post before its targets and skips a
-- held one, so a claim running at the same time either finished before (and the post is locked)
-- or leaves the targets until this write commits; no edit slips in between a claim and the send.
-- Security definer: locking rows needs more than the API roles' select.
create or replace function private.scheduled_post_locked(p_post uuid) returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  started boolean := false;
  t record;
begin
  for t in
    select pt.status, pt.claimed_at from public.publish_targets pt
     where pt.post_id = p_post
     for update
  loop
    started := started or t.status not in ('scheduled', 'cancelled') or t.claimed_at is not null;
  end loop;
  return started;
end;
$$;
revoke all on function private.scheduled_post_locked(uuid) from public;
grant execute on function private.scheduled_post_locked(uuid) to authenticated;

-- Every write of a user (sync or REST): the status is the server's, platforms and accounts are
-- kept as sets (sorted, no repeats), and once publishing has started the post can no longer be
-- changed or cancelled.
create or replace function private.scheduled_posts_guard() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  by_user boolean := current_user in ('authenticated', 'anon');
begin
  if tg_op = 'DELETE' then
    if by_user and private.scheduled_post_locked(old.id) then
      raise exception 'Publishing has started, so this post can no longer be changed.'
        using errcode = 'P0001';
    end if;
    return old;
  end if;

  new.platforms := (select coalesce(pg_catalog.array_agg(distinct u order by u), '{}'::text[])
                      from pg_catalog.unnest(new.platforms) u);
  new.account_ids := (select coalesce(pg_catalog.array_agg(distinct u order by u), '{}'::uuid[])
                        from pg_catalog.unnest(new.account_ids) u where u is not null);
  if not by_user then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.status := 'scheduled';
    return new;
  end if;
  new.status := old.status;
  new.user_id := old.user_id;
  if (new.content is distinct from old.content
      or new.platforms is distinct from old.platforms
      or new.account_ids is distinct from old.account_ids
      or new.scheduled_for is distinct from old.scheduled_for
      or new.deleted_at is distinct from old.deleted_at)
     and private.scheduled_post_locked(old.id) then
    raise exception 'Publishing has started, so this post can no longer be changed.'
      using errcode = 'P0001';
  end if;
  return new;
end;
$$;
revoke all on function private.scheduled_posts_guard() from public;

create trigger scheduled_posts_guard before insert or update or delete on public.scheduled_posts
  for each row execute function private.scheduled_posts_guard();

-- The post's status from its targets ----------------------------------------------------------

create or replace function private.scheduled_post_refresh_status(p_post uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  agg text;
begin
  -- The post first, then its targets (the lock order, docs/publishing.md): a transaction changing
  -- another target of this post holds the post until it commits, so the targets read below
  -- include its change and the aggregate cannot go stale.
  perform 1 from public.scheduled_posts p where p.id = p_post for update;
  select case
           when count(*) = 0 then null
           when bool_and(t.status = 'cancelled') then 'cancelled'
           when bool_or(t.status in ('needs_attention', 'reminder')) then 'needs_attention'
           when bool_or(t.status = 'failed') then 'failed'
           when bool_and(t.status in ('published', 'posted', 'cancelled')) then 'published'
           when bool_or(t.status not in ('scheduled', 'cancelled')) then 'publishing'
           else 'scheduled'
         end
    into agg
    from public.publish_targets t where t.post_id = p_post;
  if agg is null then
    return;
  end if;
  update public.scheduled_posts p set status = agg
   where p.id = p_post and p.status is distinct from agg;
end;
$$;
revoke all on function private.scheduled_post_refresh_status(uuid) from public;

create or replace function private.publish_targets_refresh_post() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform private.scheduled_post_refresh_status(old.post_id);
  else
    perform private.scheduled_post_refresh_status(new.post_id);
  end if;
  return null;
end;
$$;
revoke all on function private.publish_targets_refresh_post() from public;

create trigger publish_targets_refresh_post
  after insert or delete or update of status on public.publish_targets
  for each row execute function private.publish_targets_refresh_post();

-- Sync: apply and row-to-JSON functions ------------------------------------------------------

create or replace function private.sync_scheduled_posts_json(r public.scheduled_posts)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when r.id is null then null else pg_catalog.to_jsonb(r) - 'txid' end
$$;

create or replace function private.sync_publish_targets_json(r public.publish_targets)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when r.id is null then null else pg_catalog.to_jsonb(r) - 'txid' - 'attempt_id' end
$$;

create or replace function private.sync_user_notifications_json(r public.user_notifications)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when r.id is null then null else pg_catalog.to_jsonb(r) - 'txid' end
$$;

-- One scheduled_posts mutation. The newest write wins (base_version is not compared, no copies);
-- a delete tombstones the post (its targets are cancelled by the trigger). A column absent from
-- data keeps its value; `status` is never taken from the client. The lock is the guard trigger's.
create or replace function private.sync_apply_scheduled_posts(m jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  mid uuid := (m ->> 'mutation_id')::uuid;
  rid uuid := (m ->> 'id')::uuid;
  op text := m ->> 'op';
  d jsonb := case when pg_catalog.jsonb_typeof(m -> 'data') = 'object' then m -> 'data'
                  else '{}'::jsonb end;
  cur public.scheduled_posts;
  res public.scheduled_posts;
  ids uuid[];
begin
  if d ? 'account_ids' then
    if pg_catalog.jsonb_typeof(d -> 'account_ids') not in ('array', 'null') then
      raise exception 'account_ids must be an array of ids' using errcode = '22023';
    end if;
    ids := (select coalesce(pg_catalog.array_agg(e::uuid order by n), '{}'::uuid[])
              from pg_catalog.jsonb_array_elements_text(coalesce(d -> 'account_ids', '[]'::jsonb))
                   with ordinality as a(e, n));
  end if;
  if d ? 'platforms' and pg_catalog.jsonb_typeof(d -> 'platforms') is distinct from 'array' then
    raise exception 'platforms must be an array' using errcode = '22023';
  end if;

  select * into cur from public.scheduled_posts where id = rid for update;

  if not found then
    if op = 'delete' then
      return pg_catalog.jsonb_build_object('status', 'applied', 'version', null, 'row', null);
    end if;
    -- Another user's row with this id is invisible here; the insert then fails on the primary key.
    insert into public.scheduled_posts
      (id, content, platforms, account_ids, scheduled_for, publish_mode, time_rule, draft_id,
       created_at, last_mutation_id)
    values
      (rid, d ->> 'content', private.sync_text_array(d -> 'platforms'),
       coalesce(ids, '{}'::uuid[]), (d ->> 'scheduled_for')::timestamptz, d ->> 'publish_mode',
       d ->> 'time_rule', (d ->> 'draft_id')::uuid, (d ->> 'created_at')::timestamptz, mid);
  elsif op = 'delete' then
    if cur.deleted_at is null then
      update public.scheduled_posts
         set deleted_at = pg_catalog.now(), last_mutation_id = mid
       where id = rid;
    end if;
  else
    update public.scheduled_posts set
      content = case when d ? 'content' then d ->> 'content' else content end,
      platforms = case when d ? 'platforms' then private.sync_text_array(d -> 'platforms')
                       else platforms end,
      account_ids = case when d ? 'account_ids' then ids else account_ids end,
      scheduled_for = case when d ? 'scheduled_for' then (d ->> 'scheduled_for')::timestamptz
                           else scheduled_for end,
      publish_mode = case when d ? 'publish_mode' then d ->> 'publish_mode' else publish_mode end,
      time_rule = case when d ? 'time_rule' then d ->> 'time_rule' else time_rule end,
      draft_id = case when d ? 'draft_id' then (d ->> 'draft_id')::uuid else draft_id end,
      deleted_at = null,
      last_mutation_id = mid
    where id = rid;
  end if;

  -- Read back after the triggers: the targets may have moved the status (and the version).
  select * into res from public.scheduled_posts where id = rid;
  return pg_catalog.jsonb_build_object('status', 'applied', 'version', res.version,
                                       'row', private.sync_scheduled_posts_json(res));
end;
$$;

create or replace function private.sync_apply_publish_targets(m jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
begin
  raise exception 'Publish targets are written by the server.' using errcode = '42501';
end;
$$;

-- A notice is the server's; an upsert of one's own notice only marks it read (the earliest read
-- time stays, nothing is un-read). Inserts and deletes are refused.
create or replace function private.sync_apply_user_notifications(m jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  mid uuid := (m ->> 'mutation_id')::uuid;
  rid uuid := (m ->> 'id')::uuid;
  d jsonb := case when pg_catalog.jsonb_typeof(m -> 'data') = 'object' then m -> 'data'
                  else '{}'::jsonb end;
  res public.user_notifications;
begin
  if m ->> 'op' <> 'upsert' then
    raise exception 'Notifications are written by the server.' using errcode = '42501';
  end if;
  update public.user_notifications n
     set read_at = case when d ->> 'read_at' is null then n.read_at
                        else (d ->> 'read_at')::timestamptz end,
         last_mutation_id = mid
   where n.id = rid
  returning * into res;
  if not found then
    raise exception 'Notifications are written by the server.' using errcode = '42501';
  end if;
  return pg_catalog.jsonb_build_object('status', 'applied', 'version', res.version,
                                       'row', private.sync_user_notifications_json(res));
end;
$$;

revoke all on function private.sync_scheduled_posts_json(public.scheduled_posts) from public;
revoke all on function private.sync_publish_targets_json(public.publish_targets) from public;
revoke all on function private.sync_user_notifications_json(public.user_notifications) from public;
revoke all on function private.sync_apply_scheduled_posts(jsonb) from public;
revoke all on function private.sync_apply_publish_targets(jsonb) from public;
revoke all on function private.sync_apply_user_notifications(jsonb) from public;
grant execute on function private.sync_scheduled_posts_json(public.scheduled_posts) to authenticated;
grant execute on function private.sync_publish_targets_json(public.publish_targets) to authenticated;
grant execute on function private.sync_user_notifications_json(public.user_notifications)
  to authenticated;
grant execute on function private.sync_apply_scheduled_posts(jsonb) to authenticated;
grant execute on function private.sync_apply_publish_targets(jsonb) to authenticated;
grant execute on function private.sync_apply_user_notifications(jsonb) to authenticated;

select private.sync_register_entity('scheduled_posts', 'user_id',
  'private.sync_apply_scheduled_posts(jsonb)',
  'private.sync_scheduled_posts_json(public.scheduled_posts)');
select private.sync_register_entity('publish_targets', 'user_id',
  'private.sync_apply_publish_targets(jsonb)',
  'private.sync_publish_targets_json(public.publish_targets)');
select private.sync_register_entity('user_notifications', 'user_id',
  'private.sync_apply_user_notifications(jsonb)',
  'private.sync_user_notifications_json(public.user_notifications)');

-- The publisher (service role only) -----------------------------------------------------------

-- One claim, in one transaction at one now(): due manual targets become reminders, due targets of
-- a disconnected account fail, targets stuck in publishing are claimed again as outcome unknown,
-- and due targets are claimed for publishing (skip locked: two claims never share a target).
-- Answers the claimed targets with what the publisher needs to send them.
-- Each step takes the posts first, then their targets (the lock order of docs/publishing.md), both
-- `skip locked`: a claim never waits, so it cannot deadlock with another claim or with a post
-- being edited (whose targets are left for the next claim). Holding the post keeps its targets
-- as they are, but a target may have changed between the statement that picks it and the lock on
-- its post, so the second statement checks the target again.
create or replace function public.publisher_claim(
  p_attempt uuid, p_limit integer default 50, p_stuck_seconds integer default 300
) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lim integer := least(greatest(coalesce(p_limit, 50), 1), 500);
  stuck_after interval := pg_catalog.make_interval(
    secs => greatest(coalesce(p_stuck_seconds, 300), 0));
  r public.publish_targets;
  ids uuid[];
  stuck_ids uuid[];
  due_ids uuid[];
begin
  if p_attempt is null then
    raise exception 'a claim needs an attempt id' using errcode = '22023';
  end if;

  -- 1. Manual targets that are due: a reminder to post it yourself.
  select coalesce(pg_catalog.array_agg(c.id), '{}'::uuid[]) into ids from (
    select t.id from public.publish_targets t
      join public.scheduled_posts p on p.id = t.post_id
     where t.status = 'scheduled' and t.kind = 'manual' and t.due_at <= pg_catalog.now()
     order by t.due_at, t.id
     limit lim
     for update of p skip locked) c;
  for r in
    with due as (
      select t.id from public.publish_targets t
       where t.id = any (ids)
         and t.status = 'scheduled' and t.kind = 'manual' and t.due_at <= pg_catalog.now()
       for update of t skip locked)
    update public.publish_targets t set status = 'reminder'
      from due where t.id = due.id
    returning t.*
  loop
    perform private.publish_notice(r, 'reminder');
  end loop;

  -- 2. Due targets whose account is gone, disconnected or needs reconnecting: they fail.
  select coalesce(pg_catalog.array_agg(c.id), '{}'::uuid[]) into ids from (
    select t.id from public.publish_targets t
      join public.scheduled_posts p on p.id = t.post_id
      left join public.social_media_accounts a on a.id = t.account_id
     where t.status = 'scheduled' and t.kind = 'auto'
       and coalesce(t.next_attempt_at, t.due_at) <= pg_catalog.now()
       and (a.id is null or not a.is_active or a.connection_status <> 'connected')
     order by t.due_at, t.id
     limit lim
     for update of p skip locked) c;
  for r in
    with bad as (
      select t.id,
             case when a.id is null or not a.is_active then 'account_disconnected'
                  else 'reconnect_needed' end as code,
             case when a.id is null or not a.is_active
                  then coalesce(t.account_name, private.publish_platform_label(t.platform))
                       || ' is no longer connected. Connect it again, then press Retry.'
                  else coalesce(a.connection_error, 'Reconnect '
                       || private.publish_platform_label(t.platform)
                       || ': the connection expired or was revoked.') end as message
        from public.publish_targets t
        left join public.social_media_accounts a on a.id = t.account_id
       where t.id = any (ids) and t.status = 'scheduled' and t.kind = 'auto'
         and coalesce(t.next_attempt_at, t.due_at) <= pg_catalog.now()
         and (a.id is null or not a.is_active or a.connection_status <> 'connected')
       for update of t skip locked)
    update public.publish_targets t
       set status = 'failed', error_code = bad.code, error_message = bad.message,
           next_attempt_at = null, attempt_id = null
      from bad where t.id = bad.id
    returning t.*
  loop
    perform private.publish_notice(r, 'failed');
  end loop;

  -- 3. Claimed long ago and never finished (a publisher died mid-send): whether it reached the
  --    platform is unknown, so it is claimed again to be reconciled, never re-sent blindly.
  select coalesce(pg_catalog.array_agg(c.id), '{}'::uuid[]) into ids from (
    select t.id from public.publish_targets t
      join public.scheduled_posts p on p.id = t.post_id
     where t.status = 'publishing' and t.kind = 'auto'
       and t.claimed_at < pg_catalog.now() - stuck_after
     order by t.claimed_at, t.id
     limit lim
     for update of p skip locked) c;
  with stuck as (
    select t.id from public.publish_targets t
     where t.id = any (ids) and t.status = 'publishing' and t.kind = 'auto'
       and t.claimed_at < pg_catalog.now() - stuck_after
     for update of t skip locked),
  upd as (
    update public.publish_targets t
       set attempt_id = p_attempt, claimed_at = pg_catalog.now(), outcome_unknown = true
      from stuck where t.id = stuck.id
    returning t.id)
  select coalesce(pg_catalog.array_agg(upd.id), '{}'::uuid[]) into stuck_ids from upd;

  -- 4. Due targets, oldest first.
  select coalesce(pg_catalog.array_agg(c.id), '{}'::uuid[]) into ids from (
    select t.id from public.publish_targets t
      join public.scheduled_posts p on p.id = t.post_id
      join public.social_media_accounts a
        on a.id = t.account_id and a.is_active and a.connection_status = 'connected'
     where t.status = 'scheduled' and t.kind = 'auto'
       and coalesce(t.next_attempt_at, t.due_at) <= pg_catalog.now()
     order by t.due_at, t.id
     limit greatest(lim - pg_catalog.cardinality(stuck_ids), 0)
     for update of p skip locked) c;
  with due as (
    select t.id from public.publish_targets t
      join public.social_media_accounts a
        on a.id = t.account_id and a.is_active and a.connection_status = 'connected'
     where t.id = any (ids) and t.status = 'scheduled' and t.kind = 'auto'
       and coalesce(t.next_attempt_at, t.due_at) <= pg_catalog.now()
     for update of t skip locked),
  upd as (
    update public.publish_targets t
       set status = 'publishing', attempt_id = p_attempt, claimed_at = pg_catalog.now(),
           attempts = t.attempts + 1, next_attempt_at = null
      from due where t.id = due.id
    returning t.id)
  select coalesce(pg_catalog.array_agg(upd.id), '{}'::uuid[]) into due_ids from upd;

  return coalesce((
    select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
             'id', t.id, 'attempt_id', t.attempt_id, 'user_id', t.user_id, 'post_id', t.post_id,
             'platform', t.platform, 'account_id', t.account_id,
             'platform_account_id', a.platform_account_id, 'account_name', t.account_name,
             'content', p.content, 'attempts', t.attempts, 'outcome_unknown', t.outcome_unknown,
             'resend_confirmed', t.resend_confirmed, 'claimed_at', t.claimed_at,
             'due_at', t.due_at) order by t.due_at, t.id)
      from public.publish_targets t
      join public.scheduled_posts p on p.id = t.post_id
      left join public.social_media_accounts a on a.id = t.account_id
     where t.id = any (stuck_ids || due_ids)), '[]'::jsonb);
end;
$$;

-- The outcome of one claimed target, applied only while the claim is still this attempt's.
create or replace function public.publisher_finish(p_target uuid, p_attempt uuid, p_outcome jsonb)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  outcome text := p_outcome ->> 'status';
  code text := nullif(pg_catalog.left(p_outcome ->> 'error_code', 100), '');
  message text := nullif(pg_catalog.left(p_outcome ->> 'error_message', 2000), '');
  link text := p_outcome ->> 'permalink';
  post uuid;
  r public.publish_targets;
begin
  if pg_catalog.jsonb_typeof(p_outcome) is distinct from 'object'
     or outcome is null or outcome not in ('published', 'failed', 'needs_attention', 'retry') then
    raise exception 'unknown outcome' using errcode = '22023';
  end if;
  if link is not null and (link !~* '^https?://' or pg_catalog.char_length(link) > 2048) then
    link := null;
  end if;

  -- The post first, then the target (the lock order, docs/publishing.md). A target never moves
  -- to another post, so reading its post unlocked is safe.
  select t.post_id into post from public.publish_targets t
   where t.id = p_target and t.attempt_id = p_attempt and t.status = 'publishing';
  if not found then
    return false;
  end if;
  perform 1 from public.scheduled_posts p where p.id = post for update;
  perform 1 from public.publish_targets t
   where t.id = p_target and t.attempt_id = p_attempt and t.status = 'publishing'
   for update;
  if not found then
    return false;
  end if;

  if outcome = 'published' then
    update public.publish_targets t
       set status = 'published', remote_id = pg_catalog.left(p_outcome ->> 'remote_id', 500),
           permalink = link, published_at = pg_catalog.now(), error_code = null,
           error_message = null, next_attempt_at = null, outcome_unknown = false
     where t.id = p_target
    returning * into r;
    perform private.publish_notice(r, 'published');
  elsif outcome = 'failed' or outcome = 'needs_attention' then
    update public.publish_targets t
       set status = outcome, error_code = code,
           error_message = coalesce(message, 'The post could not be published.'),
           next_attempt_at = null, outcome_unknown = false
     where t.id = p_target
    returning * into r;
    perform private.publish_notice(r, outcome);
  else
    update public.publish_targets t
       set status = 'scheduled', attempt_id = null, error_code = code, error_message = message,
           next_attempt_at = coalesce((p_outcome ->> 'retry_at')::timestamptz,
                                      pg_catalog.now() + interval '1 minute'),
           outcome_unknown = false
     where t.id = p_target;
  end if;
  return true;
end;
$$;

-- An account whose token is dead: it needs reconnecting (one notice, when it was connected), and
-- its due targets fail. Answers how many failed.
create or replace function public.publisher_reconnect_needed(p_account uuid, p_reason text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  acc public.social_media_accounts;
  label text;
  reason text;
  r public.publish_targets;
  posts uuid[];
  n integer := 0;
begin
  -- No key update: an edit holding a post may be inserting a target of this account (its foreign
  -- key takes a key share lock on the account) while this waits below for that post.
  select * into acc from public.social_media_accounts a where a.id = p_account
     for no key update;
  if not found then
    return 0;
  end if;
  label := private.publish_platform_label(acc.platform);
  reason := coalesce(nullif(pg_catalog.left(p_reason, 1000), ''),
                     'Reconnect ' || label || ': the connection expired or was revoked.');
  if acc.connection_status = 'connected' then
    update public.social_media_accounts a
       set connection_status = 'reconnect_needed', connection_error = reason
     where a.id = p_account;
    insert into public.user_notifications (user_id, kind, title, body, url)
    values (acc.user_id, 'reconnect_needed', 'Reconnect ' || label,
            acc.account_name || ' needs to be connected again. Its posts will not go out until '
            || 'you reconnect.', '/settings?tab=integrations');
  end if;

  -- The posts of the due targets, in id order, before the targets (the lock order,
  -- docs/publishing.md); only the targets of posts held here are failed.
  select coalesce(pg_catalog.array_agg(l.id order by l.id), '{}'::uuid[]) into posts from (
    select p.id from public.scheduled_posts p
     where p.id in (select t.post_id from public.publish_targets t
                     where t.account_id = p_account and t.status = 'scheduled' and t.kind = 'auto'
                       and coalesce(t.next_attempt_at, t.due_at) <= pg_catalog.now())
     order by p.id
     for update) l;
  for r in
    update public.publish_targets t
       set status = 'failed', error_code = 'reconnect_needed', error_message = reason,
           next_attempt_at = null, attempt_id = null
     where t.post_id = any (posts)
       and t.account_id = p_account and t.status = 'scheduled' and t.kind = 'auto'
       and coalesce(t.next_attempt_at, t.due_at) <= pg_catalog.now()
    returning t.*
  loop
    perform private.publish_notice(r, 'failed');
    n := n + 1;
  end loop;
  return n;
end;
$$;

create or replace function public.worker_heartbeat(
  p_worker text, p_started_at timestamptz, p_finished_at timestamptz, p_result jsonb
) returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into private.worker_runs as w (worker, last_started_at, last_finished_at, last_result, runs)
  values (p_worker, p_started_at, p_finished_at, p_result, 1)
  on conflict (worker) do update
    set last_started_at = excluded.last_started_at, last_finished_at = excluded.last_finished_at,
        last_result = excluded.last_result, runs = w.runs + 1
$$;

create or replace function public.worker_status() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_object_agg(w.worker, pg_catalog.jsonb_build_object(
           'last_started_at', w.last_started_at, 'last_finished_at', w.last_finished_at,
           'last_result', w.last_result, 'runs', w.runs)), '{}'::jsonb)
    from private.worker_runs w
$$;

-- Notice delivery (email/push), at most once per notice: a dispatcher claims notices by writing
-- their delivery row first (skip locked, so two dispatchers never take the same one), sends them,
-- then records the result. A dispatcher that dies in between leaves the notice undelivered rather
-- than sent twice.
create or replace function public.claim_notice_deliveries(p_limit integer default 50)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lim integer := least(greatest(coalesce(p_limit, 50), 1), 500);
  claimed jsonb;
begin
  with pending as (
    select n.id from public.user_notifications n
     where not exists (select 1 from private.notification_deliveries d
                        where d.notification_id = n.id)
     order by n.created_at, n.id
     limit lim
     for update of n skip locked),
  taken as (
    insert into private.notification_deliveries (notification_id, delivered_at)
    select pending.id, pg_catalog.now() from pending
    on conflict (notification_id) do nothing
    returning notification_id)
  select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
           'id', n.id, 'user_id', n.user_id, 'kind', n.kind, 'title', n.title, 'body', n.body,
           'url', n.url, 'post_id', n.post_id, 'target_id', n.target_id,
           'created_at', n.created_at) order by n.created_at, n.id), '[]'::jsonb)
    into claimed
    from taken join public.user_notifications n on n.id = taken.notification_id;
  return claimed;
end;
$$;

create or replace function public.record_notice_delivery(p_notification uuid, p_result jsonb)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  with done as (
    update private.notification_deliveries d
       set result = p_result, delivered_at = pg_catalog.now()
     where d.notification_id = p_notification
    returning 1)
  select exists (select 1 from done)
$$;

revoke all on function public.claim_notice_deliveries(integer) from public, anon, authenticated;
revoke all on function public.record_notice_delivery(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.claim_notice_deliveries(integer) to service_role;
grant execute on function public.record_notice_delivery(uuid, jsonb) to service_role;

revoke all on function public.publisher_claim(uuid, integer, integer) from public, anon, authenticated;
revoke all on function public.publisher_finish(uuid, uuid, jsonb) from public, anon, authenticated;
revoke all on function public.publisher_reconnect_needed(uuid, text)
  from public, anon, authenticated;
revoke all on function public.worker_heartbeat(text, timestamptz, timestamptz, jsonb)
  from public, anon, authenticated;
revoke all on function public.worker_status() from public, anon, authenticated;
grant execute on function public.publisher_claim(uuid, integer, integer) to service_role;
grant execute on function public.publisher_finish(uuid, uuid, jsonb) to service_role;
grant execute on function public.publisher_reconnect_needed(uuid, text) to service_role;
grant execute on function public.worker_heartbeat(text, timestamptz, timestamptz, jsonb)
  to service_role;
grant execute on function public.worker_status() to service_role;

-- The user's two actions on a target --------------------------------------------------------------

-- The caller's own target, locked for the change; P0002 when it is absent or someone else's.
create or replace function private.publish_own_target(p_target uuid) returns public.publish_targets
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  post uuid;
  r public.publish_targets;
begin
  if uid is null then
    raise exception 'Sign in first.' using errcode = '42501';
  end if;
  if not private.mfa_satisfied() then
    raise exception 'Enter your two-factor code first.' using errcode = '42501';
  end if;
  -- The post first, then the target (the lock order, docs/publishing.md).
  select t.post_id into post from public.publish_targets t
   where t.id = p_target and t.user_id = uid;
  if not found then
    raise exception 'Post not found' using errcode = 'P0002';
  end if;
  perform 1 from public.scheduled_posts p where p.id = post for update;
  select * into r from public.publish_targets t
   where t.id = p_target and t.user_id = uid
   for update;
  if not found then
    raise exception 'Post not found' using errcode = 'P0002';
  end if;
  return r;
end;
$$;
revoke all on function private.publish_own_target(uuid) from public;

-- The user posted it themselves (a reminder, or after a failure or a doubtful attempt).
create or replace function public.mark_target_posted(p_target uuid, p_permalink text default null)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.publish_targets := private.publish_own_target(p_target);
  link text := nullif(pg_catalog.btrim(p_permalink), '');
begin
  if r.status not in ('needs_attention', 'reminder', 'failed') then
    raise exception 'Only a reminder, a failed post or one that needs attention can be marked as posted.'
      using errcode = '22023';
  end if;
  if link is not null and (link !~* '^https?://[^[:space:]]+$' or pg_catalog.char_length(link) > 2048)
  then
    raise exception 'The link must be a web address starting with http:// or https://.'
      using errcode = '22023';
  end if;
  update public.publish_targets t
     set status = 'posted', published_at = pg_catalog.now(),
         permalink = coalesce(link, t.permalink), next_attempt_at = null, attempt_id = null
   where t.id = r.id
  returning * into r;
  return private.sync_publish_targets_json(r);
end;
$$;

-- Publish again: a failed target, or one that needs attention once the user has checked their
-- page (a duplicate refusal then means the post is there: resend_confirmed).
create or replace function public.publish_target_again(p_target uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.publish_targets := private.publish_own_target(p_target);
  acc public.social_media_accounts;
begin
  if r.kind <> 'auto' then
    raise exception 'Publish this post yourself, then mark it as posted.' using errcode = '22023';
  end if;
  if r.status not in ('failed', 'needs_attention') then
    raise exception 'Only a failed post or one that needs attention can be published again.'
      using errcode = '22023';
  end if;
  if r.error_code in ('reconnect_needed', 'account_disconnected') then
    select * into acc from public.social_media_accounts a where a.id = r.account_id;
    if not found or not acc.is_active or acc.connection_status <> 'connected' then
      raise exception 'Reconnect this account first.' using errcode = '22023';
    end if;
  end if;
  update public.publish_targets t
     set status = 'scheduled', due_at = pg_catalog.now(), next_attempt_at = null,
         attempt_id = null, error_code = null, error_message = null, attempts = 0,
         outcome_unknown = false, resend_confirmed = (r.status = 'needs_attention')
   where t.id = r.id
  returning * into r;
  return private.sync_publish_targets_json(r);
end;
$$;

revoke all on function public.mark_target_posted(uuid, text) from public, anon;
revoke all on function public.publish_target_again(uuid) from public, anon;
grant execute on function public.mark_target_posted(uuid, text) to authenticated;
grant execute on function public.publish_target_again(uuid) to authenticated;

-- Export ------------------------------------------------------------------------------------------

-- As in 20261124000400_account_data.sql, with the scheduled posts (cancelled ones left out), their
-- targets and the notices.
create or replace function public.export_account_data() returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  internal text[] := array['txid', 'last_mutation_id'];
  push jsonb := '[]'::jsonb;
begin
  if uid is null then
    raise exception 'Sign in to export your data.' using errcode = '42501';
  end if;
  if pg_catalog.to_regclass('public.push_subscriptions') is not null then
    execute 'select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('
            '''endpoint'', s.endpoint, ''created_at'', s.created_at) order by s.created_at), '
            '''[]''::jsonb) from public.push_subscriptions s where s.user_id = $1'
      into push using uid;
  end if;
  return pg_catalog.jsonb_build_object(
    'format', 'postbloom-export',
    'version', 1,
    'exported_at', pg_catalog.now(),
    'account', pg_catalog.jsonb_build_object('id', uid, 'email', auth.jwt() ->> 'email'),
    'profile', (select pg_catalog.to_jsonb(p) - internal
                  from public.user_profiles p where p.id = uid),
    'onboarding', (select pg_catalog.to_jsonb(o) - internal
                     from public.onboarding_data o where o.user_id = uid),
    'preferences', (select pg_catalog.to_jsonb(p) - internal
                      from public.user_preferences p where p.user_id = uid),
    'drafts', coalesce((select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d) - internal
                                                    order by d.created_at, d.id)
                          from public.post_drafts d
                         where d.user_id = uid and d.deleted_at is null), '[]'::jsonb),
    'social_connections', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'platform', c.platform, 'is_active', c.is_active,
               'validation_status', c.validation_status, 'last_validated_at', c.last_validated_at,
               'created_at', c.created_at, 'updated_at', c.updated_at) order by c.platform)
        from public.user_social_credentials c where c.user_id = uid), '[]'::jsonb),
    'social_accounts', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'platform', a.platform, 'account_name', a.account_name, 'is_active', a.is_active,
               'created_at', a.created_at) order by a.platform, a.account_name)
        from public.social_media_accounts a where a.user_id = uid), '[]'::jsonb),
    'push_subscriptions', push,
    'scheduled_posts', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(s) - internal order by s.scheduled_for, s.id)
        from public.scheduled_posts s
       where s.user_id = uid and s.deleted_at is null), '[]'::jsonb),
    'publish_targets', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'id', t.id, 'post_id', t.post_id, 'platform', t.platform,
               'account_name', t.account_name, 'kind', t.kind, 'status', t.status,
               'due_at', t.due_at, 'attempts', t.attempts, 'remote_id', t.remote_id,
               'permalink', t.permalink, 'error_code', t.error_code,
               'error_message', t.error_message, 'published_at', t.published_at,
               'created_at', t.created_at, 'updated_at', t.updated_at)
             order by t.due_at, t.id)
        from public.publish_targets t
        join public.scheduled_posts s on s.id = t.post_id and s.deleted_at is null
       where t.user_id = uid), '[]'::jsonb),
    'user_notifications', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'id', n.id, 'kind', n.kind, 'title', n.title, 'body', n.body, 'url', n.url,
               'post_id', n.post_id, 'read_at', n.read_at, 'created_at', n.created_at)
             order by n.created_at, n.id)
        from public.user_notifications n where n.user_id = uid), '[]'::jsonb)
  );
end;
$$;

revoke all on function public.export_account_data() from public, anon;
grant execute on function public.export_account_data() to authenticated;
