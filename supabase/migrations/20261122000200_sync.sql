-- Sync protocol: an idempotent batched push (public.sync_push) and a cursor pull (public.sync_pull).
-- Both run as the caller (security invoker), so row-level security decides what a user can see
-- and change. The design and its rules are in docs/sync-protocol.md.

-- Every write stamps the id of its transaction. A reader takes the oldest transaction still running
-- when it starts (pg_snapshot_xmin): everything older has finished, so a cursor built from those
-- rows can never skip a write that commits late.
create or replace function public.stamp_sync_txid() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.txid := pg_catalog.pg_current_xact_id();
  return new;
end;
$$;

do $$
declare
  t text;
begin
  foreach t in array array['post_drafts', 'onboarding_data', 'user_profiles']
  loop
    execute format('alter table public.%I add column txid xid8 not null default pg_catalog.pg_current_xact_id()', t);
    execute format(
      'create trigger %I before insert or update on public.%I for each row execute function public.stamp_sync_txid()',
      t || '_stamp_txid', t);
  end loop;
end
$$;

create index post_drafts_user_txid_idx on public.post_drafts (user_id, txid, id);
create index onboarding_data_txid_idx on public.onboarding_data (txid, id);
create index user_profiles_txid_idx on public.user_profiles (txid, id);

-- One row per mutation the server has decided, so replaying it (a push whose response was lost)
-- answers what happened the first time instead of applying it again. Rejected mutations are not
-- recorded: nothing was applied, and a corrected retry must be free to go through.
create table public.sync_mutations (
  mutation_id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  entity text not null,
  entity_id uuid not null,
  outcome text not null check (outcome in ('applied', 'conflict')),
  -- The row version this mutation produced (applied) or met (conflict).
  version bigint,
  copy_id uuid,
  created_at timestamptz not null default now()
);
create index sync_mutations_user_idx on public.sync_mutations (user_id, created_at);
alter table public.sync_mutations enable row level security;
revoke all on public.sync_mutations from anon, authenticated, service_role;
grant select, insert on public.sync_mutations to authenticated;
grant select, insert, delete on public.sync_mutations to service_role;
create policy "Owner can read" on public.sync_mutations
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Owner can insert" on public.sync_mutations
  for insert to authenticated with check ((select auth.uid()) = user_id);

-- Per-entity helpers live outside the API schema so they cannot be called over /rest/v1/rpc.
create schema if not exists private;
grant usage on schema private to authenticated;

create or replace function private.sync_text_array(value jsonb) returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(e order by n), '{}'::text[])
  from pg_catalog.jsonb_array_elements_text(value) with ordinality as a(e, n)
$$;

create or replace function private.sync_draft_json(r public.post_drafts) returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when r.id is null then null else pg_catalog.to_jsonb(r) - 'txid' end
$$;

-- One post_drafts mutation: {mutation_id, entity, op: upsert|delete, id, base_version, data}.
create or replace function private.sync_apply_post_drafts(m jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  mid uuid := (m ->> 'mutation_id')::uuid;
  rid uuid := (m ->> 'id')::uuid;
  op text := m ->> 'op';
  base bigint := (m ->> 'base_version')::bigint;
  d jsonb := case when pg_catalog.jsonb_typeof(m -> 'data') = 'object' then m -> 'data' else '{}'::jsonb end;
  cur public.post_drafts;
  res public.post_drafts;
  cpy public.post_drafts;
  logged public.sync_mutations;
begin
  if mid is null or rid is null or op is null or op not in ('upsert', 'delete')
     or (op = 'upsert' and pg_catalog.jsonb_typeof(m -> 'data') is distinct from 'object') then
    raise exception 'invalid mutation' using errcode = '22023';
  end if;

  select * into logged from public.sync_mutations where mutation_id = mid;
  if found then
    select * into cur from public.post_drafts where id = logged.entity_id;
    if logged.copy_id is not null then
      select * into cpy from public.post_drafts where id = logged.copy_id;
    end if;
    return jsonb_build_object(
      'mutation_id', mid, 'status', 'duplicate', 'outcome', logged.outcome, 'version', logged.version,
      'row', private.sync_draft_json(cur), 'copy', private.sync_draft_json(cpy));
  end if;

  select * into cur from public.post_drafts where id = rid for update;

  if not found then
    if op = 'delete' then
      -- Never reached this server (or is not the caller's): nothing to delete.
      insert into public.sync_mutations (mutation_id, entity, entity_id, outcome, version)
        values (mid, 'post_drafts', rid, 'applied', null);
      return jsonb_build_object('mutation_id', mid, 'status', 'applied', 'version', null, 'row', null);
    end if;
    if base is not null then
      raise exception 'the row to update does not exist' using errcode = 'P0002';
    end if;
    -- Another user's row with this id is invisible here; the insert then fails on the primary key.
    insert into public.post_drafts
      (id, content, platforms, post_type, ai_prompt, ai_provider, status, scheduled_for, created_at,
       last_mutation_id)
    values
      (rid, coalesce(d ->> 'content', ''), private.sync_text_array(d -> 'platforms'),
       coalesce(d ->> 'post_type', 'text'), d ->> 'ai_prompt', d ->> 'ai_provider',
       coalesce(d ->> 'status', 'draft'), (d ->> 'scheduled_for')::timestamptz,
       (d ->> 'created_at')::timestamptz, mid)
    returning * into res;
    insert into public.sync_mutations (mutation_id, entity, entity_id, outcome, version)
      values (mid, 'post_drafts', rid, 'applied', res.version);
    return jsonb_build_object('mutation_id', mid, 'status', 'applied', 'version', res.version,
                              'row', private.sync_draft_json(res));
  end if;

  if base is not null and cur.version = base then
    if op = 'delete' then
      update public.post_drafts
         set deleted_at = coalesce(deleted_at, now()), last_mutation_id = mid
       where id = rid
      returning * into res;
    else
      update public.post_drafts set
        content = case when d ? 'content' then coalesce(d ->> 'content', '') else content end,
        platforms = case when d ? 'platforms' then private.sync_text_array(d -> 'platforms') else platforms end,
        post_type = case when d ? 'post_type' then coalesce(d ->> 'post_type', 'text') else post_type end,
        ai_prompt = case when d ? 'ai_prompt' then d ->> 'ai_prompt' else ai_prompt end,
        ai_provider = case when d ? 'ai_provider' then d ->> 'ai_provider' else ai_provider end,
        status = case when d ? 'status' then coalesce(d ->> 'status', 'draft') else status end,
        scheduled_for = case when d ? 'scheduled_for' then (d ->> 'scheduled_for')::timestamptz else scheduled_for end,
        deleted_at = null,
        last_mutation_id = mid
      where id = rid
      returning * into res;
    end if;
    insert into public.sync_mutations (mutation_id, entity, entity_id, outcome, version)
      values (mid, 'post_drafts', rid, 'applied', res.version);
    return jsonb_build_object('mutation_id', mid, 'status', 'applied', 'version', res.version,
                              'row', private.sync_draft_json(res));
  end if;

  -- Stale base version: the server's row stays as it is. An edit is kept as a conflict copy whose
  -- id is the mutation id, so a replay can never make a second one. A delete loses to the newer
  -- edit and makes no copy.
  if op = 'upsert' then
    insert into public.post_drafts
      (id, content, platforms, post_type, ai_prompt, ai_provider, status, scheduled_for, conflict_of,
       last_mutation_id)
    values
      (mid,
       case when d ? 'content' then coalesce(d ->> 'content', '') else cur.content end,
       case when d ? 'platforms' then private.sync_text_array(d -> 'platforms') else cur.platforms end,
       case when d ? 'post_type' then coalesce(d ->> 'post_type', 'text') else cur.post_type end,
       case when d ? 'ai_prompt' then d ->> 'ai_prompt' else cur.ai_prompt end,
       case when d ? 'ai_provider' then d ->> 'ai_provider' else cur.ai_provider end,
       'draft',
       case when d ? 'scheduled_for' then (d ->> 'scheduled_for')::timestamptz else cur.scheduled_for end,
       coalesce(cur.conflict_of, rid),
       mid)
    returning * into cpy;
  end if;
  insert into public.sync_mutations (mutation_id, entity, entity_id, outcome, version, copy_id)
    values (mid, 'post_drafts', rid, 'conflict', cur.version, cpy.id);
  return jsonb_build_object('mutation_id', mid, 'status', 'conflict', 'version', cur.version,
                            'row', private.sync_draft_json(cur), 'copy', private.sync_draft_json(cpy));
end;
$$;

-- Applies a batch of mutations in order and answers one result per mutation:
-- {mutation_id, status: applied|duplicate|conflict|rejected, version, row, copy, error}.
-- A mutation that fails is rolled back alone and reported as rejected with its SQLSTATE.
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

  for m in select value from pg_catalog.jsonb_array_elements(mutations) loop
    begin
      case m ->> 'entity'
        when 'post_drafts' then result := private.sync_apply_post_drafts(m);
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

-- Rows of the caller changed after `since` (tombstones included), per entity, oldest first:
-- {changes: {entity: [row…]}, cursor: {entity: {txid, id}}, more}. Rows from transactions that
-- finished before every running one are paged under the cursor; newer visible rows are sent too
-- but the cursor stays behind them, so they come again until they are settled (applying a row is
-- idempotent on the client: a row is taken only when its version is newer).
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
  horizon xid8 := pg_catalog.pg_snapshot_xmin(pg_catalog.pg_current_snapshot());
  lim integer := least(greatest(coalesce(max_rows, 500), 1), 1000);
  uid uuid := auth.uid();
  e text;
  after_txid xid8;
  after_id uuid;
  settled jsonb;
  recent jsonb;
  n integer;
  last_seen jsonb;
  changes jsonb := '{}'::jsonb;
  next_cursor jsonb := coalesce(since, '{}'::jsonb);
  more boolean := false;
begin
  if uid is null then
    raise exception 'sync needs a signed-in user' using errcode = '42501';
  end if;
  if since is not null and pg_catalog.jsonb_typeof(since) <> 'object' then
    raise exception 'since must be a JSON object' using errcode = '22023';
  end if;

  foreach e in array coalesce(entities, '{}'::text[]) loop
    after_txid := (since -> e ->> 'txid')::xid8;
    after_id := coalesce((since -> e ->> 'id')::uuid, '00000000-0000-0000-0000-000000000000'::uuid);
    case e
      when 'post_drafts' then
        with page as (
          select p as r, p.txid, p.id from public.post_drafts p
          where p.user_id = uid
            and p.txid < horizon
            and (after_txid is null or (p.txid, p.id) > (after_txid, after_id))
          order by p.txid, p.id
          limit lim
        )
        select coalesce((select jsonb_agg(private.sync_draft_json(page.r) order by page.txid, page.id) from page), '[]'::jsonb),
               (select count(*) from page),
               (select jsonb_build_object('txid', page.txid::text, 'id', page.id) from page
                 order by page.txid desc, page.id desc limit 1)
          into settled, n, last_seen;
        recent := '[]'::jsonb;
        if n < lim then
          select coalesce(jsonb_agg(private.sync_draft_json(p.r) order by p.txid, p.id), '[]'::jsonb)
            into recent
            from (select q as r, q.txid, q.id from public.post_drafts q
                  where q.user_id = uid and q.txid >= horizon
                    and (after_txid is null or (q.txid, q.id) > (after_txid, after_id))
                  order by q.txid, q.id
                  limit lim - n) p;
        else
          more := true;
        end if;
      else
        raise exception 'unknown entity' using errcode = '22023';
    end case;
    changes := changes || jsonb_build_object(e, settled || recent);
    if last_seen is not null then
      next_cursor := next_cursor || jsonb_build_object(e, last_seen);
    end if;
  end loop;

  return jsonb_build_object('changes', changes, 'cursor', next_cursor, 'more', more);
end;
$$;

revoke all on function public.sync_push(jsonb) from public, anon;
revoke all on function public.sync_pull(jsonb, text[], integer) from public, anon;
grant execute on function public.sync_push(jsonb) to authenticated, service_role;
grant execute on function public.sync_pull(jsonb, text[], integer) to authenticated, service_role;
revoke all on function public.stamp_sync_txid() from public, anon;
grant execute on function public.stamp_sync_txid() to authenticated, service_role;
revoke all on all functions in schema private from public;
grant execute on all functions in schema private to authenticated;
