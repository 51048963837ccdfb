-- Sync registry: the SQL side of a synced entity in one place (docs/sync-protocol.md, "Adding a
-- synced entity"). Until now every new entity re-declared public.sync_push and public.sync_pull
-- whole to add a branch to their `case`, and each private.sync_apply_<table> repeated the same
-- skeleton. Now:
--   * private.sync_entities names each entity's table, owner column, apply and row-to-JSON
--     functions; sync_push and sync_pull look an entity up there;
--   * sync_push does what every entity shares: the shape of a mutation, the lock on its id, the
--     answer to a replay (`duplicate`), and the record in public.sync_mutations. An apply function
--     keeps only the entity's own insert/update/conflict rules;
--   * private.sync_register_entity(...) registers an entity in one call and gives its table what
--     the protocol needs (txid column and trigger, the pull's index, the delete trigger).
-- Answers, SQLSTATEs and messages are unchanged, but for one: an onboarding_data or user_profiles
-- mutation whose op is neither upsert nor delete is now 'invalid mutation' like a draft's, where it
-- was '… are not deleted through sync' (22023 both).

-- The registry ----------------------------------------------------------------------------------

-- The functions are kept as the text of their signature (regprocedure's output, schema-qualified),
-- not as regprocedure: pg_upgrade refuses a database with a regproc/regprocedure column in a table,
-- and hosted databases are upgraded with it. Every use casts the text back to regprocedure (a
-- function dropped since fails loudly) and formats it as regproc, a quoted name.
create table private.sync_entities (
  -- The public table, the entity's name in mutations and pulls, and the tombstones' entity.
  entity text primary key,
  -- The column naming the row's user: user_id, or id where the row id is the user id.
  owner_column text not null,
  -- (jsonb) returns jsonb: one mutation in, {status: applied|conflict, version, row, copy?} out.
  apply_fn text not null,
  -- (the table's row type) returns jsonb: a row as clients receive it.
  json_fn text not null,
  -- The table has deleted_at: sync deletes set it, and such rows are purged after the retention.
  soft_delete boolean not null
);
alter table private.sync_entities enable row level security;
revoke all on private.sync_entities from public, anon, authenticated, service_role;

-- Read by sync_push and sync_pull (security invoker) without any grant on the table. Null when the
-- entity is not registered.
create or replace function private.sync_entity(name text) returns private.sync_entities
language sql
stable
security definer
set search_path = ''
as $$
  select * from private.sync_entities where entity = name
$$;

-- A function name from the registry, ready to be formatted into SQL with %s.
create or replace function private.sync_function_name(signature text) returns text
language sql
stable
set search_path = ''
as $$
  select signature::pg_catalog.regprocedure::pg_catalog.regproc::text
$$;

-- Registers (or re-registers) the public table `entity_name` as a sync entity, and gives the table
-- what the protocol relies on when it lacks it: the txid column and its trigger, an index for the
-- pull's (owner, txid, id) order, and (unless record_deletes is false) the trigger that tombstones
-- a row deleted by any path. Run by migrations only: no API role may execute it.
create or replace function private.sync_register_entity(
  entity_name text,
  owner_column text,
  apply_fn pg_catalog.regprocedure,
  json_fn pg_catalog.regprocedure,
  record_deletes boolean default true
) returns void
language plpgsql
set search_path = ''
as $$
declare
  tbl regclass := pg_catalog.to_regclass(pg_catalog.format('public.%I', entity_name));
  owner_att smallint;
  txid_att smallint;
  id_att smallint;
begin
  if tbl is null then
    raise exception 'no table public.% to sync', entity_name using errcode = '42P01';
  end if;
  if not exists (select 1 from pg_catalog.pg_attribute a
                  where a.attrelid = tbl and a.attname = 'id' and not a.attisdropped
                    and a.atttypid = 'pg_catalog.uuid'::pg_catalog.regtype)
     or not exists (select 1 from pg_catalog.pg_attribute a
                     where a.attrelid = tbl and a.attname = 'version' and not a.attisdropped
                       and a.atttypid = 'pg_catalog.int8'::pg_catalog.regtype) then
    raise exception 'public.% needs an id uuid and a version bigint column', entity_name
      using errcode = '42703';
  end if;
  select a.attnum into owner_att from pg_catalog.pg_attribute a
   where a.attrelid = tbl and a.attname = owner_column and not a.attisdropped
     and a.atttypid = 'pg_catalog.uuid'::pg_catalog.regtype;
  if owner_att is null then
    raise exception 'public.% has no uuid column %', entity_name, owner_column using errcode = '42703';
  end if;
  if not exists (select 1 from pg_catalog.pg_proc p
                  where p.oid = apply_fn and p.pronargs = 1
                    and p.proargtypes[0] = 'pg_catalog.jsonb'::pg_catalog.regtype
                    and p.prorettype = 'pg_catalog.jsonb'::pg_catalog.regtype) then
    raise exception '% must take and return jsonb', apply_fn using errcode = '42883';
  end if;
  if not exists (select 1 from pg_catalog.pg_proc p
                  where p.oid = json_fn and p.pronargs = 1
                    and p.proargtypes[0] = (select c.reltype from pg_catalog.pg_class c where c.oid = tbl)
                    and p.prorettype = 'pg_catalog.jsonb'::pg_catalog.regtype) then
    raise exception '% must take a public.% row and return jsonb', json_fn, entity_name
      using errcode = '42883';
  end if;
  -- sync_push and sync_pull run as the caller: a function the caller may not run fails every push.
  if not pg_catalog.has_function_privilege('authenticated', apply_fn, 'execute')
     or not pg_catalog.has_function_privilege('authenticated', json_fn, 'execute') then
    raise exception 'grant execute on % and % to authenticated', apply_fn, json_fn
      using errcode = '42501';
  end if;

  if not exists (select 1 from pg_catalog.pg_attribute a
                  where a.attrelid = tbl and a.attname = 'txid' and not a.attisdropped) then
    execute pg_catalog.format(
      'alter table public.%I add column txid xid8 not null default pg_catalog.pg_current_xact_id()',
      entity_name);
  end if;
  if not exists (select 1 from pg_catalog.pg_trigger t
                  where t.tgrelid = tbl and t.tgfoid = 'public.stamp_sync_txid()'::pg_catalog.regprocedure) then
    execute pg_catalog.format(
      'create trigger %I before insert or update on public.%I for each row execute function public.stamp_sync_txid()',
      entity_name || '_stamp_txid', entity_name);
  end if;
  -- The pull reads a user's rows in (txid, id) order: an index leading with (owner, txid, id), or a
  -- unique index on the owner alone (one row per user), serves it.
  select a.attnum into txid_att from pg_catalog.pg_attribute a
   where a.attrelid = tbl and a.attname = 'txid' and not a.attisdropped;
  select a.attnum into id_att from pg_catalog.pg_attribute a
   where a.attrelid = tbl and a.attname = 'id' and not a.attisdropped;
  if not exists (select 1 from pg_catalog.pg_index i
                  where i.indrelid = tbl and i.indpred is null and i.indkey[0] = owner_att
                    and ((i.indnkeyatts >= 3 and i.indkey[1] = txid_att and i.indkey[2] = id_att)
                         or (i.indisunique and i.indnkeyatts = 1))) then
    execute pg_catalog.format('create index %I on public.%I (%I, txid, id)',
                              entity_name || '_' || owner_column || '_txid_idx', entity_name, owner_column);
  end if;
  if record_deletes and not exists (
       select 1 from pg_catalog.pg_trigger t
        where t.tgrelid = tbl and t.tgfoid = 'private.sync_record_delete()'::pg_catalog.regprocedure) then
    execute pg_catalog.format(
      'create trigger %I after delete on public.%I for each row execute function private.sync_record_delete(%L)',
      entity_name || '_record_delete', entity_name, owner_column);
  end if;

  -- search_path is empty here, so the signatures are written schema-qualified.
  insert into private.sync_entities (entity, owner_column, apply_fn, json_fn, soft_delete)
  values (entity_name, owner_column, apply_fn::text, json_fn::text,
          exists (select 1 from pg_catalog.pg_attribute a
                   where a.attrelid = tbl and a.attname = 'deleted_at' and not a.attisdropped))
  on conflict (entity) do update
    set owner_column = excluded.owner_column, apply_fn = excluded.apply_fn,
        json_fn = excluded.json_fn, soft_delete = excluded.soft_delete;
end;
$$;

-- Deletes ---------------------------------------------------------------------------------------

-- As in 20261124000100_sync_hardening.sql, for any table: the owner column is the trigger's
-- argument (user_id when none, as on post_drafts), and the row is read through to_jsonb so that a
-- table without deleted_at (every row is live) needs no column it lacks.
create or replace function private.sync_record_delete() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  r jsonb := pg_catalog.to_jsonb(old);
  owner_id uuid := (r ->> coalesce(tg_argv[0], 'user_id'))::uuid;
  owner_exists boolean;
begin
  if r ->> 'deleted_at' is not null then
    return old;
  end if;
  begin
    owner_exists := exists (select 1 from auth.users u where u.id = owner_id);
  exception when insufficient_privilege then
    -- auth.users unreadable to this function's owner: keep the tombstone; retention removes it.
    owner_exists := true;
  end;
  if owner_exists then
    insert into public.sync_tombstones (entity, id, user_id, version)
    values (tg_table_name, (r ->> 'id')::uuid, owner_id, (r ->> 'version')::bigint + 1)
    on conflict (entity, id) do update
      set user_id = excluded.user_id, version = excluded.version,
          deleted_at = now(), txid = pg_catalog.pg_current_xact_id();
  end if;
  return old;
end;
$$;

-- Apply functions: the entity's own rules only ------------------------------------------------

-- Each takes the mutation sync_push has checked ({mutation_id, entity, op: upsert|delete, id,
-- base_version, data}; uuids valid, data an object for an upsert) and not seen before, and answers
-- {status: applied|conflict, version, row, copy?}. sync_push adds the mutation id and records the
-- outcome under row.id (the mutation's id when row is null) and copy.id.

-- post_drafts: as in 20261122000200_sync.sql.
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
begin
  select * into cur from public.post_drafts where id = rid for update;

  if not found then
    if op = 'delete' then
      -- Never reached this server (or is not the caller's): nothing to delete.
      return jsonb_build_object('status', 'applied', 'version', null, 'row', null);
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
    return jsonb_build_object('status', 'applied', 'version', res.version,
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
    return jsonb_build_object('status', 'applied', 'version', res.version,
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
  return jsonb_build_object('status', 'conflict', 'version', cur.version,
                            'row', private.sync_draft_json(cur), 'copy', private.sync_draft_json(cpy));
end;
$$;

-- onboarding_data: as in 20261122000300_sync_onboarding.sql (the caller's row, found by user_id).
create or replace function private.sync_apply_onboarding_data(m jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  mid uuid := (m ->> 'mutation_id')::uuid;
  rid uuid := (m ->> 'id')::uuid;
  d jsonb := m -> 'data';
  uid uuid := auth.uid();
  cur public.onboarding_data;
  res public.onboarding_data;
begin
  perform private.sync_require_upsert(m, 'onboarding answers');

  select * into cur from public.onboarding_data where user_id = uid for update;
  if not found then
    -- A row inserted meanwhile by another device makes this one do nothing (then update below);
    -- an id that is another user's row still fails on the primary key: 23505, nothing leaks.
    insert into public.onboarding_data
      (id, business_name, business_type, location, primary_goal, target_audience,
       posting_frequency, content_preferences, answers, completed_at, last_mutation_id)
    values
      (rid, d ->> 'business_name', d ->> 'business_type',
       coalesce(d ->> 'location', 'Not specified'), d ->> 'primary_goal',
       coalesce(d ->> 'target_audience', 'General audience'),
       coalesce(d ->> 'posting_frequency', 'regular'),
       private.sync_text_array(d -> 'content_preferences'),
       coalesce(d -> 'answers', '{}'::jsonb), (d ->> 'completed_at')::timestamptz, mid)
    on conflict (user_id) do nothing
    returning * into res;
    if not found then
      select * into cur from public.onboarding_data where user_id = uid for update;
    end if;
  end if;

  if res.id is null then
    update public.onboarding_data set
      business_name = case when d ? 'business_name' then d ->> 'business_name' else business_name end,
      business_type = case when d ? 'business_type' then d ->> 'business_type' else business_type end,
      location = case when d ? 'location' then d ->> 'location' else location end,
      primary_goal = case when d ? 'primary_goal' then d ->> 'primary_goal' else primary_goal end,
      target_audience = case when d ? 'target_audience' then d ->> 'target_audience' else target_audience end,
      posting_frequency = case when d ? 'posting_frequency' then d ->> 'posting_frequency' else posting_frequency end,
      content_preferences = case when d ? 'content_preferences'
                                 then private.sync_text_array(d -> 'content_preferences')
                                 else content_preferences end,
      answers = case when d ? 'answers' then d -> 'answers' else answers end,
      completed_at = case when d ? 'completed_at' then (d ->> 'completed_at')::timestamptz else completed_at end,
      last_mutation_id = mid
    where id = cur.id
    returning * into res;
  end if;

  return pg_catalog.jsonb_build_object('status', 'applied', 'version', res.version,
                                       'row', private.sync_onboarding_json(res));
end;
$$;

-- user_profiles: as in 20261122000300_sync_onboarding.sql (the row id is the user id).
create or replace function private.sync_apply_user_profiles(m jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  mid uuid := (m ->> 'mutation_id')::uuid;
  rid uuid := (m ->> 'id')::uuid;
  d jsonb := m -> 'data';
  cur public.user_profiles;
  res public.user_profiles;
begin
  perform private.sync_require_upsert(m, 'profiles');

  select * into cur from public.user_profiles where id = rid for update;
  if not found then
    insert into public.user_profiles
      (id, email, first_name, last_name, company, bio, avatar_url,
       social_credentials_wizard_completed, last_mutation_id)
    values
      (rid, d ->> 'email', d ->> 'first_name', d ->> 'last_name', d ->> 'company', d ->> 'bio',
       d ->> 'avatar_url', coalesce((d ->> 'social_credentials_wizard_completed')::boolean, false), mid)
    on conflict (id) do nothing
    returning * into res;
    if not found then
      select * into cur from public.user_profiles where id = rid for update;
    end if;
  end if;

  if res.id is null then
    update public.user_profiles set
      email = case when d ? 'email' then d ->> 'email' else email end,
      first_name = case when d ? 'first_name' then d ->> 'first_name' else first_name end,
      last_name = case when d ? 'last_name' then d ->> 'last_name' else last_name end,
      company = case when d ? 'company' then d ->> 'company' else company end,
      bio = case when d ? 'bio' then d ->> 'bio' else bio end,
      avatar_url = case when d ? 'avatar_url' then d ->> 'avatar_url' else avatar_url end,
      social_credentials_wizard_completed = case when d ? 'social_credentials_wizard_completed'
        then coalesce((d ->> 'social_credentials_wizard_completed')::boolean, false)
        else social_credentials_wizard_completed end,
      last_mutation_id = mid
    where id = cur.id
    returning * into res;
  end if;

  return pg_catalog.jsonb_build_object('status', 'applied', 'version', res.version,
                                       'row', private.sync_profile_json(res));
end;
$$;

-- The three entities. Onboarding answers and profiles keep their rule of 20261124000100 (no
-- tombstones: the app never deletes them, and they go with their user).
select private.sync_register_entity('post_drafts', 'user_id',
  'private.sync_apply_post_drafts(jsonb)', 'private.sync_draft_json(public.post_drafts)');
select private.sync_register_entity('onboarding_data', 'user_id',
  'private.sync_apply_onboarding_data(jsonb)', 'private.sync_onboarding_json(public.onboarding_data)',
  record_deletes => false);
select private.sync_register_entity('user_profiles', 'id',
  'private.sync_apply_user_profiles(jsonb)', 'private.sync_profile_json(public.user_profiles)',
  record_deletes => false);

-- Push ------------------------------------------------------------------------------------------

-- As in 20261124000100_sync_hardening.sql, with the entity looked up in the registry, and the steps
-- every entity shares done here instead of in each apply function: the mutation's shape
-- ('invalid mutation', 22023), the answer to a replay (`duplicate`, from public.sync_mutations,
-- the row and copy as they are now) and the record of an applied or conflicting mutation.
create or replace function public.sync_push(mutations jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  m jsonb;
  mid uuid;
  rid uuid;
  op text;
  reg private.sync_entities;
  -- Per entity, built on its first mutation of the push: its name, and the SQL that calls its apply
  -- function and that reads one of its rows as JSON.
  calls jsonb := '{}'::jsonb;
  call jsonb;
  logged public.sync_mutations;
  row_json jsonb;
  copy_json jsonb;
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
      call := calls -> (m ->> 'entity');
      if call is null then
        reg := private.sync_entity(m ->> 'entity');
        if reg.entity is null then
          raise exception 'unknown entity' using errcode = '22023';
        end if;
        -- The names come from the registry (%I quotes, regproc names are quoted); values are bound.
        call := jsonb_build_object(
          'entity', reg.entity,
          'apply', pg_catalog.format('select %s($1)', private.sync_function_name(reg.apply_fn)),
          'row', pg_catalog.format('select %1$s(t) from public.%2$I t where t.id = $1',
                                   private.sync_function_name(reg.json_fn), reg.entity));
        calls := calls || jsonb_build_object(reg.entity, call);
      end if;
      mid := (m ->> 'mutation_id')::uuid;
      rid := (m ->> 'id')::uuid;
      op := m ->> 'op';
      if mid is null or rid is null or op is null or op not in ('upsert', 'delete')
         or (op = 'upsert' and pg_catalog.jsonb_typeof(m -> 'data') is distinct from 'object') then
        raise exception 'invalid mutation' using errcode = '22023';
      end if;

      select * into logged from public.sync_mutations where mutation_id = mid;
      if found then
        execute call ->> 'row' into row_json using logged.entity_id;
        copy_json := null;
        if logged.copy_id is not null then
          execute call ->> 'row' into copy_json using logged.copy_id;
        end if;
        result := jsonb_build_object(
          'mutation_id', mid, 'status', 'duplicate', 'outcome', logged.outcome,
          'version', logged.version, 'row', row_json, 'copy', copy_json);
      else
        execute call ->> 'apply' into result using m;
        insert into public.sync_mutations (mutation_id, entity, entity_id, outcome, version, copy_id)
        values (mid, call ->> 'entity', coalesce((result -> 'row' ->> 'id')::uuid, rid),
                result ->> 'status', (result ->> 'version')::bigint,
                (result -> 'copy' ->> 'id')::uuid);
        result := result || jsonb_build_object('mutation_id', mid);
      end if;
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

-- Pull ------------------------------------------------------------------------------------------

-- As in 20261124000100_sync_hardening.sql, with the entity's table, owner column and row-to-JSON
-- function read from the registry instead of a `case`.
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
  reg private.sync_entities;
  after_txid xid8;
  after_id uuid;
  settled jsonb;
  recent jsonb;
  n integer;
  last_seen jsonb;
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
    reg := private.sync_entity(e);
    if reg.entity is null then
      raise exception 'unknown entity' using errcode = '22023';
    end if;
    -- The entity's rows and its tombstones after the cursor, as one stream of keys. The names come
    -- from the registry (%I quotes them); every value is a bound parameter: $1 the user, $3 and
    -- $4 the cursor, $6 the entity.
    stream := pg_catalog.format($q$
      select false as gone, t.txid, t.id from public.%1$I t
       where t.%2$I = $1 and ($3::xid8 is null or (t.txid, t.id) > ($3::xid8, $4))
      union all
      select true, s.txid, s.id from public.sync_tombstones s
       where s.entity = $6 and s.user_id = $1 and ($3::xid8 is null or (s.txid, s.id) > ($3::xid8, $4))
    $q$, reg.entity, reg.owner_column);
    -- A page's rows as sent, built only for the rows on the page.
    page_json := pg_catalog.format($q$
      (select coalesce(pg_catalog.jsonb_agg(
                case when p.gone
                     then (select private.sync_tombstone_json(s) from public.sync_tombstones s
                            where s.entity = $6 and s.id = p.id)
                     else (select %2$s(t) from public.%1$I t where t.id = p.id)
                end order by p.txid, p.id), '[]'::jsonb)
         from page p)
    $q$, reg.entity, private.sync_function_name(reg.json_fn));
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

-- Retention -------------------------------------------------------------------------------------

-- As in 20261124000100_sync_hardening.sql, purging the tombstoned rows of every soft-deleting
-- entity in the registry instead of post_drafts' alone (at most 5,000 per entity per run).
create or replace function private.sync_prune() returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  cutoff timestamptz := now() - private.sync_retention();
  batch constant integer := 5000;
  last_run timestamptz;
  e text;
  n integer;
  t xid8;
  n_log integer;
  n_rows integer := 0;
  n_tombs integer;
  t_rows xid8;
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
    for e in select s.entity from private.sync_entities s where s.soft_delete order by s.entity loop
      execute pg_catalog.format($q$
        with gone as (
          delete from public.%1$I
           where id in (select id from public.%1$I where deleted_at < $1 limit $2)
          returning txid)
        select pg_catalog.count(*), pg_catalog.max(txid) from gone
      $q$, e)
        into n, t
        using cutoff, batch;
      n_rows := greatest(n_rows, n);
      t_rows := greatest(t_rows, t);
    end loop;
    with gone as (
      delete from public.sync_tombstones
       where (entity, id) in (select entity, id from public.sync_tombstones
                               where deleted_at < cutoff limit batch)
      returning txid)
    select pg_catalog.count(*), pg_catalog.max(txid) into n_tombs, t_tombs from gone;
    update private.sync_maintenance set
      pruned_at = case when greatest(n_log, n_rows, n_tombs) < batch then now() else pruned_at end,
      pruned_txid = greatest(pruned_txid, coalesce(t_rows, '0'::xid8), coalesce(t_tombs, '0'::xid8));
  exception when others then
    return;
  end;
end;
$$;

revoke all on function private.sync_entity(text) from public;
revoke all on function private.sync_function_name(text) from public;
revoke all on function private.sync_register_entity(text, text, pg_catalog.regprocedure,
  pg_catalog.regprocedure, boolean) from public;
grant execute on function private.sync_entity(text) to authenticated;
grant execute on function private.sync_function_name(text) to authenticated;
