-- Onboarding answers (public.onboarding_data) and the profile (public.user_profiles) join the sync
-- protocol of 20261122000200_sync.sql: one private.sync_apply_<table> each, dispatched by
-- public.sync_push, and one branch each in public.sync_pull. The rules are in docs/sync-protocol.md
-- ("One row per user").
--
-- Both tables hold ONE row per user (onboarding_data: unique user_id; user_profiles: id = the user
-- id), so a mutation is applied to the caller's row whatever id it names, and the newest write to
-- reach the server wins (base_version is not compared, no conflict copies: a second row of either
-- table cannot exist). Replays are answered from public.sync_mutations as for drafts.

create or replace function private.sync_onboarding_json(r public.onboarding_data) returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when r.id is null then null else pg_catalog.to_jsonb(r) - 'txid' end
$$;

-- The engine files a row under its user_id; a profile's user is its id.
create or replace function private.sync_profile_json(r public.user_profiles) returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when r.id is null then null
         else (pg_catalog.to_jsonb(r) - 'txid') || pg_catalog.jsonb_build_object('user_id', r.id) end
$$;

-- The shape both one-row-per-user entities accept: a complete upsert (they are never deleted).
create or replace function private.sync_require_upsert(m jsonb, what text) returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if m ->> 'mutation_id' is null or m ->> 'id' is null or m ->> 'op' is null
     or pg_catalog.jsonb_typeof(m -> 'data') is distinct from 'object' then
    raise exception 'invalid mutation' using errcode = '22023';
  end if;
  if m ->> 'op' <> 'upsert' then
    raise exception '% are not deleted through sync', what using errcode = '22023';
  end if;
end;
$$;

-- One onboarding_data mutation: {mutation_id, entity, op: upsert, id, base_version, data}.
-- The caller's row is found by user_id, not by the mutation's id: a second device, a reinstall or a
-- row created outside sync (REST) is updated instead of a second insert failing with 23505. The id
-- only names a row that does not exist yet; the answer carries the row's real id.
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
  logged public.sync_mutations;
begin
  perform private.sync_require_upsert(m, 'onboarding answers');

  select * into logged from public.sync_mutations where mutation_id = mid;
  if found then
    select * into cur from public.onboarding_data where id = logged.entity_id;
    return pg_catalog.jsonb_build_object(
      'mutation_id', mid, 'status', 'duplicate', 'outcome', logged.outcome, 'version', logged.version,
      'row', private.sync_onboarding_json(cur), 'copy', null);
  end if;

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

  insert into public.sync_mutations (mutation_id, entity, entity_id, outcome, version)
    values (mid, 'onboarding_data', res.id, 'applied', res.version);
  return pg_catalog.jsonb_build_object('mutation_id', mid, 'status', 'applied', 'version', res.version,
                                       'row', private.sync_onboarding_json(res));
end;
$$;

-- One user_profiles mutation. The row id is the user id; row-level security refuses any other
-- (42501). Only the columns present in data are written (the app sends non-blank values only).
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
  logged public.sync_mutations;
begin
  perform private.sync_require_upsert(m, 'profiles');

  select * into logged from public.sync_mutations where mutation_id = mid;
  if found then
    select * into cur from public.user_profiles where id = logged.entity_id;
    return pg_catalog.jsonb_build_object(
      'mutation_id', mid, 'status', 'duplicate', 'outcome', logged.outcome, 'version', logged.version,
      'row', private.sync_profile_json(cur), 'copy', null);
  end if;

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

  insert into public.sync_mutations (mutation_id, entity, entity_id, outcome, version)
    values (mid, 'user_profiles', res.id, 'applied', res.version);
  return pg_catalog.jsonb_build_object('mutation_id', mid, 'status', 'applied', 'version', res.version,
                                       'row', private.sync_profile_json(res));
end;
$$;

-- As in 20261122000200_sync.sql, with the two new entities in the dispatch.
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

-- As in 20261122000200_sync.sql (same paging, same cursor rules), for every entity through one query.
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
  tbl text;
  owner text;
  as_json text;
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
    recent := '[]'::jsonb;
    -- Each entity: its table, the column naming the row's user, and how a row is sent.
    case e
      when 'post_drafts' then tbl := 'post_drafts'; owner := 'user_id'; as_json := 'sync_draft_json';
      when 'onboarding_data' then tbl := 'onboarding_data'; owner := 'user_id'; as_json := 'sync_onboarding_json';
      when 'user_profiles' then tbl := 'user_profiles'; owner := 'id'; as_json := 'sync_profile_json';
      else raise exception 'unknown entity' using errcode = '22023';
    end case;
    -- Settled rows (older than every running transaction), paged under the cursor. The names come
    -- from the case above (%I quotes them); every value is a bound parameter.
    execute pg_catalog.format($q$
      with page as (
        select t as r, t.txid, t.id from public.%1$I t
        where t.%2$I = $1
          and t.txid < $2
          and ($3::xid8 is null or (t.txid, t.id) > ($3::xid8, $4))
        order by t.txid, t.id
        limit $5
      )
      select coalesce((select pg_catalog.jsonb_agg(private.%3$I(page.r) order by page.txid, page.id) from page), '[]'::jsonb),
             (select pg_catalog.count(*) from page),
             (select pg_catalog.jsonb_build_object('txid', page.txid::text, 'id', page.id) from page
               order by page.txid desc, page.id desc limit 1)
    $q$, tbl, owner, as_json)
      into settled, n, last_seen
      using uid, horizon, after_txid, after_id, lim;
    if n < lim then
      -- Rows already visible but newer than a running transaction: sent, not passed by the cursor.
      execute pg_catalog.format($q$
        select coalesce(pg_catalog.jsonb_agg(private.%3$I(p.r) order by p.txid, p.id), '[]'::jsonb)
        from (select q as r, q.txid, q.id from public.%1$I q
              where q.%2$I = $1 and q.txid >= $2
                and ($3::xid8 is null or (q.txid, q.id) > ($3::xid8, $4))
              order by q.txid, q.id
              limit $5) p
      $q$, tbl, owner, as_json)
        into recent
        using uid, horizon, after_txid, after_id, lim - n;
    else
      more := true;
    end if;
    changes := changes || jsonb_build_object(e, settled || recent);
    if last_seen is not null then
      next_cursor := next_cursor || jsonb_build_object(e, last_seen);
    end if;
  end loop;

  return jsonb_build_object('changes', changes, 'cursor', next_cursor, 'more', more);
end;
$$;

revoke all on function private.sync_onboarding_json(public.onboarding_data) from public;
revoke all on function private.sync_profile_json(public.user_profiles) from public;
revoke all on function private.sync_require_upsert(jsonb, text) from public;
revoke all on function private.sync_apply_onboarding_data(jsonb) from public;
revoke all on function private.sync_apply_user_profiles(jsonb) from public;
grant execute on function private.sync_onboarding_json(public.onboarding_data) to authenticated;
grant execute on function private.sync_profile_json(public.user_profiles) to authenticated;
grant execute on function private.sync_require_upsert(jsonb, text) to authenticated;
grant execute on function private.sync_apply_onboarding_data(jsonb) to authenticated;
grant execute on function private.sync_apply_user_profiles(jsonb) to authenticated;
