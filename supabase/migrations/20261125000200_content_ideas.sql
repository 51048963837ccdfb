-- Content ideas (the dashboard's Content Ideas panel; docs/sync-protocol.md "content_ideas").
--
-- public.content_ideas holds the user's ideas: the ones the AI generated from their business
-- profile (a generation's ideas share a batch_id) and the spec's sample ideas they saved
-- (sample_key names the sample). A synced entity, written by the app through the outbox:
--   * an upsert is applied as sent, the newest write wins (base_version is not compared, there
--     are no conflict copies): saving and unsaving are a flag, nothing to merge;
--   * a delete tombstones the row (deleted_at); a delete based on an older version than the
--     server's loses (conflict, the row stays), so an idea saved on one device is not removed by
--     another device clearing out an older batch;
--   * values are checked with a clear refusal (SQLSTATE 23514 for a value out of bounds, 22023
--     for a value of the wrong kind), and the table's own checks refuse the same for REST writes.

create table public.content_ideas (
  id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null
    constraint content_ideas_title_check
    check (pg_catalog.char_length(pg_catalog.btrim(title)) between 1 and 200),
  description text not null default ''
    constraint content_ideas_description_check
    check (pg_catalog.char_length(description) <= 2000),
  type text not null
    constraint content_ideas_type_check check (type in ('ai-generated', 'trending', 'recommended')),
  score integer not null
    constraint content_ideas_score_check check (score between 0 and 100),
  saved boolean not null default false,
  saved_at timestamptz,
  batch_id uuid,
  sample_key text
    constraint content_ideas_sample_key_check
    check (sample_key is null or pg_catalog.char_length(sample_key) between 1 and 100),
  version bigint not null default 1,
  last_mutation_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint content_ideas_saved_at_check check (saved or saved_at is null)
);

create index content_ideas_user_created_idx on public.content_ideas (user_id, created_at desc);
create index content_ideas_deleted_idx on public.content_ideas (deleted_at)
  where deleted_at is not null;

create trigger content_ideas_bump_version before insert or update on public.content_ideas
  for each row execute function public.bump_row_version();

alter table public.content_ideas enable row level security;
revoke all on public.content_ideas from public, anon, authenticated;
grant select, insert, update, delete on public.content_ideas to authenticated, service_role;

create policy "Owner can read" on public.content_ideas
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Owner can insert" on public.content_ideas
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "Owner can update" on public.content_ideas
  for update to authenticated using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);
create policy "Owner can delete" on public.content_ideas
  for delete to authenticated using ((select auth.uid()) = user_id);
create policy mfa_satisfied on public.content_ideas as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

-- Sync: row-to-JSON, value checks and the apply function ------------------------------------

create or replace function private.sync_content_ideas_json(r public.content_ideas)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when r.id is null then null else pg_catalog.to_jsonb(r) - 'txid' end
$$;

-- Refuses, with a message that says what is wrong, a value of `d` the table cannot take. Only
-- the keys present are checked; `inserting` also requires the ones a new row needs.
create or replace function private.content_ideas_check(d jsonb, inserting boolean)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  kind text;
begin
  if inserting or d ? 'title' then
    if pg_catalog.jsonb_typeof(d -> 'title') is distinct from 'string'
       or pg_catalog.char_length(pg_catalog.btrim(d ->> 'title')) not between 1 and 200 then
      raise exception 'An idea''s title must be 1 to 200 characters long.' using errcode = '23514';
    end if;
  end if;
  if d ? 'description' and pg_catalog.jsonb_typeof(d -> 'description') <> 'null' then
    if pg_catalog.jsonb_typeof(d -> 'description') <> 'string' then
      raise exception 'An idea''s description must be text.' using errcode = '22023';
    end if;
    if pg_catalog.char_length(d ->> 'description') > 2000 then
      raise exception 'An idea''s description must be at most 2000 characters long.'
        using errcode = '23514';
    end if;
  end if;
  if inserting or d ? 'type' then
    if coalesce(d ->> 'type', '') not in ('ai-generated', 'trending', 'recommended') then
      raise exception 'An idea''s type must be ai-generated, trending or recommended.'
        using errcode = '23514';
    end if;
  end if;
  if inserting or d ? 'score' then
    kind := pg_catalog.jsonb_typeof(d -> 'score');
    if kind is distinct from 'number' then
      raise exception 'An idea''s score must be a number from 0 to 100.' using errcode = '22023';
    end if;
    if (d ->> 'score')::numeric not between 0 and 100 then
      raise exception 'An idea''s score must be from 0 to 100.' using errcode = '23514';
    end if;
  end if;
  if d ? 'saved' and pg_catalog.jsonb_typeof(d -> 'saved') not in ('boolean', 'null') then
    raise exception 'saved must be true or false.' using errcode = '22023';
  end if;
  if d ? 'sample_key' and pg_catalog.jsonb_typeof(d -> 'sample_key') <> 'null'
     and (pg_catalog.jsonb_typeof(d -> 'sample_key') <> 'string'
          or pg_catalog.char_length(d ->> 'sample_key') not between 1 and 100) then
    raise exception 'An idea''s sample_key must be 1 to 100 characters long.'
      using errcode = '23514';
  end if;
end;
$$;

-- One content_ideas mutation. A column absent from data keeps its value. saved_at follows saved:
-- the time the client saved it (never later than now), kept while it stays saved, null once not.
create or replace function private.sync_apply_content_ideas(m jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  mid uuid := (m ->> 'mutation_id')::uuid;
  rid uuid := (m ->> 'id')::uuid;
  op text := m ->> 'op';
  base bigint := (m ->> 'base_version')::bigint;
  d jsonb := case when pg_catalog.jsonb_typeof(m -> 'data') = 'object' then m -> 'data'
                  else '{}'::jsonb end;
  cur public.content_ideas;
  res public.content_ideas;
  exists_row boolean;
  is_saved boolean;
  saved_time timestamptz;
begin
  select * into cur from public.content_ideas where id = rid for update;
  exists_row := found;

  if op = 'delete' then
    if not exists_row then
      return pg_catalog.jsonb_build_object('status', 'applied', 'version', null, 'row', null);
    end if;
    -- The row changed since the device last saw it (saved elsewhere, say): the newer write wins.
    if cur.deleted_at is null and base is not null and cur.version <> base then
      return pg_catalog.jsonb_build_object('status', 'conflict', 'version', cur.version,
                                           'row', private.sync_content_ideas_json(cur),
                                           'copy', null);
    end if;
    if cur.deleted_at is null then
      update public.content_ideas
         set deleted_at = pg_catalog.now(), last_mutation_id = mid
       where id = rid
      returning * into res;
    else
      res := cur;
    end if;
    return pg_catalog.jsonb_build_object('status', 'applied', 'version', res.version,
                                         'row', private.sync_content_ideas_json(res));
  end if;

  perform private.content_ideas_check(d, not exists_row);
  is_saved := case when d ? 'saved' then coalesce((d ->> 'saved')::boolean, false)
                   else coalesce(cur.saved, false) end;
  saved_time := case
    when not is_saved then null
    when cur.saved and cur.saved_at is not null then cur.saved_at
    else least(coalesce((d ->> 'saved_at')::timestamptz, pg_catalog.now()), pg_catalog.now())
  end;

  if not exists_row then
    -- Another user's row with this id is invisible here; the insert then fails on the primary key.
    insert into public.content_ideas
      (id, title, description, type, score, saved, saved_at, batch_id, sample_key, created_at,
       last_mutation_id)
    values
      (rid, pg_catalog.btrim(d ->> 'title'), coalesce(d ->> 'description', ''), d ->> 'type',
       pg_catalog.round((d ->> 'score')::numeric)::integer, is_saved, saved_time,
       (d ->> 'batch_id')::uuid, d ->> 'sample_key', (d ->> 'created_at')::timestamptz, mid)
    returning * into res;
  else
    update public.content_ideas set
      title = case when d ? 'title' then pg_catalog.btrim(d ->> 'title') else title end,
      description = case when d ? 'description' then coalesce(d ->> 'description', '')
                         else description end,
      type = case when d ? 'type' then d ->> 'type' else type end,
      score = case when d ? 'score' then pg_catalog.round((d ->> 'score')::numeric)::integer
                   else score end,
      saved = is_saved,
      saved_at = saved_time,
      batch_id = case when d ? 'batch_id' then (d ->> 'batch_id')::uuid else batch_id end,
      sample_key = case when d ? 'sample_key' then d ->> 'sample_key' else sample_key end,
      deleted_at = null,
      last_mutation_id = mid
    where id = rid
    returning * into res;
  end if;
  return pg_catalog.jsonb_build_object('status', 'applied', 'version', res.version,
                                       'row', private.sync_content_ideas_json(res));
end;
$$;

revoke all on function private.sync_content_ideas_json(public.content_ideas) from public;
revoke all on function private.content_ideas_check(jsonb, boolean) from public;
revoke all on function private.sync_apply_content_ideas(jsonb) from public;
grant execute on function private.sync_content_ideas_json(public.content_ideas) to authenticated;
grant execute on function private.content_ideas_check(jsonb, boolean) to authenticated;
grant execute on function private.sync_apply_content_ideas(jsonb) to authenticated;

select private.sync_register_entity('content_ideas', 'user_id',
  'private.sync_apply_content_ideas(jsonb)',
  'private.sync_content_ideas_json(public.content_ideas)');
