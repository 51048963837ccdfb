-- The user's preferences (Settings → Notifications and Appearance), one row per user, synced like
-- the profile: the row id is the user id, and the newest write to reach the server wins
-- (docs/sync-protocol.md, "One row per user"). Registered as a synced entity
-- (20261124000200_sync_registry.sql); never deleted by the app, it goes with its user.

create table public.user_preferences (
  id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  email_notifications boolean not null default true,
  push_notifications boolean not null default true,
  marketing_emails boolean not null default false,
  theme text not null default 'system' check (theme in ('light', 'dark', 'system')),
  language text not null default 'en-US' check (language in ('en-US', 'en-GB', 'es', 'fr', 'de')),
  -- An IANA zone (checked on write against pg_timezone_names); null: the device's own zone.
  time_zone text check (time_zone is null or length(time_zone) between 1 and 64),
  version bigint not null default 1,
  last_mutation_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint user_preferences_user_key unique (user_id),
  constraint user_preferences_id_is_user check (id = user_id)
);

create trigger user_preferences_bump_version before insert or update on public.user_preferences
  for each row execute function public.bump_row_version();

alter table public.user_preferences enable row level security;
grant select, insert, update, delete on public.user_preferences to authenticated, service_role;

create policy "Owner can read" on public.user_preferences
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Owner can insert" on public.user_preferences
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "Owner can update" on public.user_preferences
  for update to authenticated using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);
create policy "Owner can delete" on public.user_preferences
  for delete to authenticated using ((select auth.uid()) = user_id);

create or replace function private.sync_user_preferences_json(r public.user_preferences)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when r.id is null then null else pg_catalog.to_jsonb(r) - 'txid' end
$$;

-- One user_preferences mutation: {mutation_id, entity, op: upsert, id, base_version, data}. The id
-- must be the caller's user id; a column absent from data keeps its value.
create or replace function private.sync_apply_user_preferences(m jsonb) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  mid uuid := (m ->> 'mutation_id')::uuid;
  rid uuid := (m ->> 'id')::uuid;
  d jsonb := m -> 'data';
  uid uuid := auth.uid();
  res public.user_preferences;
begin
  perform private.sync_require_upsert(m, 'preferences');
  if rid is distinct from uid then
    raise exception 'preferences are kept under their user''s id' using errcode = '22023';
  end if;
  if d ? 'time_zone' and d ->> 'time_zone' is not null and not exists (
       select 1 from pg_catalog.pg_timezone_names where name = d ->> 'time_zone') then
    raise exception 'unknown time zone %', d ->> 'time_zone' using errcode = '22023';
  end if;

  insert into public.user_preferences as p
    (id, user_id, email_notifications, push_notifications, marketing_emails, theme, language,
     time_zone, last_mutation_id)
  values
    (rid, uid, coalesce((d ->> 'email_notifications')::boolean, true),
     coalesce((d ->> 'push_notifications')::boolean, true),
     coalesce((d ->> 'marketing_emails')::boolean, false),
     coalesce(d ->> 'theme', 'system'), coalesce(d ->> 'language', 'en-US'),
     d ->> 'time_zone', mid)
  on conflict (id) do update set
    email_notifications = case when d ? 'email_notifications'
      then coalesce((d ->> 'email_notifications')::boolean, p.email_notifications)
      else p.email_notifications end,
    push_notifications = case when d ? 'push_notifications'
      then coalesce((d ->> 'push_notifications')::boolean, p.push_notifications)
      else p.push_notifications end,
    marketing_emails = case when d ? 'marketing_emails'
      then coalesce((d ->> 'marketing_emails')::boolean, p.marketing_emails)
      else p.marketing_emails end,
    theme = case when d ? 'theme' then coalesce(d ->> 'theme', p.theme) else p.theme end,
    language = case when d ? 'language' then coalesce(d ->> 'language', p.language)
      else p.language end,
    time_zone = case when d ? 'time_zone' then d ->> 'time_zone' else p.time_zone end,
    last_mutation_id = mid
  returning * into res;

  return pg_catalog.jsonb_build_object('status', 'applied', 'version', res.version,
                                       'row', private.sync_user_preferences_json(res));
end;
$$;

revoke all on function private.sync_user_preferences_json(public.user_preferences) from public;
revoke all on function private.sync_apply_user_preferences(jsonb) from public;
grant execute on function private.sync_user_preferences_json(public.user_preferences) to authenticated;
grant execute on function private.sync_apply_user_preferences(jsonb) to authenticated;

select private.sync_register_entity('user_preferences', 'user_id',
  'private.sync_apply_user_preferences(jsonb)',
  'private.sync_user_preferences_json(public.user_preferences)',
  record_deletes => false);
