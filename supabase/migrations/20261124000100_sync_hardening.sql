-- Sync hardening (docs/sync-protocol.md, "Retention, deletes and moved databases"):
--   * two deliveries of one mutation at once are serialised on its id, so the second is answered
--     `duplicate` instead of failing on a primary key (23505) and being parked;
--   * a delete of a draft by any path (REST, SQL, sync's own purge aside) leaves a tombstone that
--     pulls send (public.sync_tombstones, written by a trigger);
--   * public.sync_mutations and tombstones are pruned after a retention window, opportunistically
--     inside sync_push at most once an hour; a pull cursor older than what was pruned, from another
--     database, or ahead of this database's transaction counter answers `reset` and starts over.

-- Deletes ---------------------------------------------------------------------------------------

-- A row deleted outside sync (REST DELETE, SQL): id, owner, the version after the delete and the
-- deleting transaction, so a pull can page it with the rows.
create table public.sync_tombstones (
  entity text not null,
  id uuid not null,
  user_id uuid not null,
  version bigint not null,
  deleted_at timestamptz not null default now(),
  txid xid8 not null default pg_catalog.pg_current_xact_id(),
  primary key (entity, id)
);
create index sync_tombstones_user_txid_idx on public.sync_tombstones (entity, user_id, txid, id);
create index sync_tombstones_deleted_idx on public.sync_tombstones (deleted_at);
alter table public.sync_tombstones enable row level security;
revoke all on public.sync_tombstones from anon, authenticated, service_role;
grant select on public.sync_tombstones to authenticated;
grant select, delete on public.sync_tombstones to service_role;
create policy "Owner can read" on public.sync_tombstones
  for select to authenticated using ((select auth.uid()) = user_id);

-- Security definer: the deleting role may not write tombstones itself. A row sync had already
-- tombstoned (deleted_at set) is being purged and needs none; nor does a row going with its user.
create or replace function private.sync_record_delete() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_exists boolean;
begin
  if old.deleted_at is not null then
    return old;
  end if;
  begin
    owner_exists := exists (select 1 from auth.users u where u.id = old.user_id);
  exception when insufficient_privilege then
    -- auth.users unreadable to this function's owner: keep the tombstone; retention removes it.
    owner_exists := true;
  end;
  if owner_exists then
    insert into public.sync_tombstones (entity, id, user_id, version)
    values (tg_table_name, old.id, old.user_id, old.version + 1)
    on conflict (entity, id) do update
      set user_id = excluded.user_id, version = excluded.version,
          deleted_at = now(), txid = pg_catalog.pg_current_xact_id();
  end if;
  return old;
end;
$$;

create trigger post_drafts_record_delete after delete on public.post_drafts
  for each row execute function private.sync_record_delete();

create or replace function private.sync_tombstone_json(t public.sync_tombstones) returns jsonb
language sql
stable
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'id', t.id, 'user_id', t.user_id, 'version', t.version,
    'deleted_at', t.deleted_at, 'updated_at', t.deleted_at)
$$;

-- Retention -------------------------------------------------------------------------------------

-- One row: when the last pruning ran and the newest transaction whose tombstones it removed.
create table private.sync_maintenance (
  singleton boolean primary key default true check (singleton),
  pruned_at timestamptz not null default '-infinity',
  pruned_txid xid8 not null default '0'
);
insert into private.sync_maintenance default values;
alter table private.sync_maintenance enable row level security;
revoke all on private.sync_maintenance from public, anon, authenticated, service_role;

create index sync_mutations_created_idx on public.sync_mutations (created_at);
create index post_drafts_deleted_idx on public.post_drafts (deleted_at) where deleted_at is not null;

-- How long a decided mutation is remembered and a tombstone kept. Clients never replay a mutation
-- first sent more than 30 days ago (src/lib/sync/engine.ts), well inside this window.
create or replace function private.sync_retention() returns interval
language sql
immutable
set search_path = ''
as $$ select interval '90 days' $$;

-- Removes mutation records and tombstones older than the retention, at most once an hour and at
-- most 5,000 of each kind per run (the next push goes on while some are left). Never fails the
-- caller: pruning is housekeeping.
create or replace function private.sync_prune() returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  cutoff timestamptz := now() - private.sync_retention();
  batch constant integer := 5000;
  last_run timestamptz;
  n_log integer;
  n_drafts integer;
  n_tombs integer;
  t_drafts xid8;
  t_tombs xid8;
begin
  select pruned_at into last_run from private.sync_maintenance;
  if last_run > now() - interval '1 hour' then
    return;
  end if;
  begin
    -- Another push pruning right now: leave it to that one.
    perform 1 from private.sync_maintenance where pruned_at = last_run for update skip locked;
    if not found then
      return;
    end if;
    with gone as (
      delete from public.sync_mutations
       where mutation_id in (select mutation_id from public.sync_mutations
                              where created_at < cutoff limit batch)
      returning 1)
    select pg_catalog.count(*) into n_log from gone;
    with gone as (
      delete from public.post_drafts
       where id in (select id from public.post_drafts where deleted_at < cutoff limit batch)
      returning txid)
    select pg_catalog.count(*), pg_catalog.max(txid) into n_drafts, t_drafts from gone;
    with gone as (
      delete from public.sync_tombstones
       where (entity, id) in (select entity, id from public.sync_tombstones
                               where deleted_at < cutoff limit batch)
      returning txid)
    select pg_catalog.count(*), pg_catalog.max(txid) into n_tombs, t_tombs from gone;
    update private.sync_maintenance set
      pruned_at = case when greatest(n_log, n_drafts, n_tombs) < batch then now() else pruned_at end,
      pruned_txid = greatest(pruned_txid, coalesce(t_drafts, '0'::xid8), coalesce(t_tombs, '0'::xid8));
  exception when others then
    return;
  end;
end;
$$;

create or replace function private.sync_pruned_txid() returns xid8
language sql
stable
security definer
set search_path = ''
as $$ select pruned_txid from private.sync_maintenance $$;

-- Moved databases -------------------------------------------------------------------------------

-- Which database a cursor was made on: the cluster's system identifier (set by initdb, kept across
-- restarts, new in any other cluster a dump is restored into) and the database's oid (new when
-- restored into another database of the same cluster). Security definer so that the API roles can
-- read it wherever pg_control_system() is not granted to them. pg_control_system() reads the
-- control file: the answer is kept in a session setting (a session never changes database), so a
-- pull reads the file only on a connection's first.
create or replace function private.sync_database_id() returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  dbid text := nullif(pg_catalog.current_setting('postbloom.sync_database_id', true), '');
  sysid text;
begin
  if dbid is not null then
    return dbid;
  end if;
  begin
    select s.system_identifier::text into sysid from pg_catalog.pg_control_system() s;
  exception when others then
    sysid := 'unknown';
  end;
  dbid := sysid || ':' || (select d.oid::text from pg_catalog.pg_database d
                           where d.datname = pg_catalog.current_database());
  perform pg_catalog.set_config('postbloom.sync_database_id', dbid, false);
  return dbid;
end;
$$;

-- Push: one mutation id at a time -----------------------------------------------------------------

-- As in 20261122000300_sync_onboarding.sql, plus: each mutation first takes a transaction lock on
-- its id, so a second delivery running at the same time waits for the first to commit and then
-- finds it in sync_mutations (duplicate); and pruning, when due.
create or replace function public.sync_push(mutations jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  m jsonb;
  result jsonb;
  results jsonb := '[]'::jsonb;
begin
  if auth.uid() is null then
    raise exception 'sync needs a signed-in user' using errcode = '42501';
  end if;
  if pg_catalog.jsonb_typeof(mutations) is distinct from 'array' then
    raise exception 'mutations must be a JSON array' using errcode = '22023';
  end if;
  if pg_catalog.jsonb_array_length(mutations) > 500 then
    raise exception 'at most 500 mutations per push' using errcode = '54000';
  end if;

  perform private.sync_prune();

  for m in select value from pg_catalog.jsonb_array_elements(mutations) loop
    begin
      if m ->> 'mutation_id' is not null then
        perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(m ->> 'mutation_id', 7));
      end if;
      case m ->> 'entity'
        when 'post_drafts' then result := private.sync_apply_post_drafts(m);
        when 'onboarding_data' then result := private.sync_apply_onboarding_data(m);
        when 'user_profiles' then result := private.sync_apply_user_profiles(m);
        else raise exception 'unknown entity' using errcode = '22023';
      end case;
    exception when others then
      result := jsonb_build_object(
        'mutation_id', m ->> 'mutation_id', 'status', 'rejected',
        'error', jsonb_build_object('code', sqlstate, 'message', sqlerrm));
    end;
    results := results || jsonb_build_array(result);
  end loop;
  return results;
end;
$$;

-- Pull: tombstones, cursor checks --------------------------------------------------------------

-- As in 20261122000300_sync_onboarding.sql, plus:
--   * the cursor names its database (`db`); a cursor from another database, one ahead of this
--     database's transaction counter, one older than the newest pruned tombstone, or one from
--     before this migration (no `db`) is dropped: the answer starts from scratch with `reset: true`;
--   * tombstones of rows deleted outside sync are paged with the rows;
--   * a cursor moves up to the oldest running transaction when every settled row was sent, so a
--     quiet user's cursor does not fall behind the pruning.
create or replace function public.sync_pull(
  since jsonb default '{}'::jsonb,
  entities text[] default array['post_drafts'],
  max_rows integer default 500
) returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  snap pg_catalog.pg_snapshot := pg_catalog.pg_current_snapshot();
  horizon xid8 := pg_catalog.pg_snapshot_xmin(snap);
  lim integer := least(greatest(coalesce(max_rows, 500), 1), 1000);
  uid uuid := auth.uid();
  dbid text := private.sync_database_id();
  nil uuid := '00000000-0000-0000-0000-000000000000'::uuid;
  given jsonb;
  pruned xid8;
  reset boolean := false;
  e text;
  after_txid xid8;
  after_id uuid;
  settled jsonb;
  recent jsonb;
  n integer;
  last_seen jsonb;
  tbl text;
  owner text;
  as_json text;
  stream text;
  page_json text;
  changes jsonb := '{}'::jsonb;
  next_cursor jsonb;
  more boolean := false;
begin
  if uid is null then
    raise exception 'sync needs a signed-in user' using errcode = '42501';
  end if;
  if since is not null and pg_catalog.jsonb_typeof(since) <> 'object' then
    raise exception 'since must be a JSON object' using errcode = '22023';
  end if;
  given := coalesce(since, '{}'::jsonb) - 'db';

  if given <> '{}'::jsonb then
    if since ->> 'db' is distinct from dbid then
      reset := true;
    else
      pruned := private.sync_pruned_txid();
      foreach e in array coalesce(entities, '{}'::text[]) loop
        after_txid := (given -> e ->> 'txid')::xid8;
        if after_txid is not null
           and (after_txid > pg_catalog.pg_snapshot_xmax(snap) or after_txid <= pruned) then
          reset := true;
        end if;
      end loop;
    end if;
  end if;
  if reset then
    given := '{}'::jsonb;
  end if;
  next_cursor := given || pg_catalog.jsonb_build_object('db', dbid);

  foreach e in array coalesce(entities, '{}'::text[]) loop
    after_txid := (given -> e ->> 'txid')::xid8;
    after_id := coalesce((given -> e ->> 'id')::uuid, nil);
    recent := '[]'::jsonb;
    -- Each entity: its table, the column naming the row's user, and how a row is sent.
    case e
      when 'post_drafts' then tbl := 'post_drafts'; owner := 'user_id'; as_json := 'sync_draft_json';
      when 'onboarding_data' then tbl := 'onboarding_data'; owner := 'user_id'; as_json := 'sync_onboarding_json';
      when 'user_profiles' then tbl := 'user_profiles'; owner := 'id'; as_json := 'sync_profile_json';
      else raise exception 'unknown entity' using errcode = '22023';
    end case;
    -- The entity's rows and its tombstones after the cursor, as one stream of keys. The names come
    -- from the case above (%I quotes them); every value is a bound parameter: $1 the user, $3 and
    -- $4 the cursor, $6 the entity.
    stream := pg_catalog.format($q$
      select false as gone, t.txid, t.id from public.%1$I t
       where t.%2$I = $1 and ($3::xid8 is null or (t.txid, t.id) > ($3::xid8, $4))
      union all
      select true, s.txid, s.id from public.sync_tombstones s
       where s.entity = $6 and s.user_id = $1 and ($3::xid8 is null or (s.txid, s.id) > ($3::xid8, $4))
    $q$, tbl, owner);
    -- A page's rows as sent, built only for the rows on the page.
    page_json := pg_catalog.format($q$
      (select coalesce(pg_catalog.jsonb_agg(
                case when p.gone
                     then (select private.sync_tombstone_json(s) from public.sync_tombstones s
                            where s.entity = $6 and s.id = p.id)
                     else (select private.%2$I(t) from public.%1$I t where t.id = p.id)
                end order by p.txid, p.id), '[]'::jsonb)
         from page p)
    $q$, tbl, as_json);
    -- Settled changes (older than every running transaction, $2), paged under the cursor.
    execute pg_catalog.format($q$
      with page as (
        select c.gone, c.txid, c.id from (%1$s) c
         where c.txid < $2
         order by c.txid, c.id
         limit $5
      )
      select %2$s,
             (select pg_catalog.count(*) from page),
             (select pg_catalog.jsonb_build_object('txid', page.txid::text, 'id', page.id) from page
               order by page.txid desc, page.id desc limit 1)
    $q$, stream, page_json)
      into settled, n, last_seen
      using uid, horizon, after_txid, after_id, lim, e;
    if n < lim then
      -- Rows already visible but newer than a running transaction: sent, not passed by the cursor.
      execute pg_catalog.format($q$
        with page as (
          select c.gone, c.txid, c.id from (%1$s) c
           where c.txid >= $2
           order by c.txid, c.id
           limit $5
        )
        select %2$s
      $q$, stream, page_json)
        into recent
        using uid, horizon, after_txid, after_id, lim - n, e;
      -- Every settled row was sent: the cursor may move up to the oldest running transaction.
      last_seen := pg_catalog.jsonb_build_object('txid', horizon::text, 'id', nil);
    else
      more := true;
    end if;
    changes := changes || jsonb_build_object(e, settled || recent);
    next_cursor := next_cursor || jsonb_build_object(e, last_seen);
  end loop;

  return jsonb_build_object('changes', changes, 'cursor', next_cursor, 'more', more, 'reset', reset);
end;
$$;

revoke all on function private.sync_record_delete() from public;
revoke all on function private.sync_tombstone_json(public.sync_tombstones) from public;
revoke all on function private.sync_retention() from public;
revoke all on function private.sync_prune() from public;
revoke all on function private.sync_pruned_txid() from public;
revoke all on function private.sync_database_id() from public;
grant execute on function private.sync_tombstone_json(public.sync_tombstones) to authenticated;
grant execute on function private.sync_retention() to authenticated;
grant execute on function private.sync_prune() to authenticated;
grant execute on function private.sync_pruned_txid() to authenticated;
grant execute on function private.sync_database_id() to authenticated;
