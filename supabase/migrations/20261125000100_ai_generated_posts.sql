-- AI generated posts and their review (docs/sync-protocol.md, "ai_generated_posts").
--
--   * public.ai_generated_posts: a post the AI wrote for the user, with its review status; a synced
--     entity written by the app through the outbox. The newest write wins (base_version is not
--     compared, no conflict copies): a review decision is the user's latest word on the post.
--   * A post may be tied to the scheduled post it became (scheduled_post_id), only to one of the
--     user's own. When that scheduled post is cancelled (tombstoned or deleted), the AI post goes
--     back to approved, so the user can schedule it again.

create table public.ai_generated_posts (
  id uuid primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  content text not null
    constraint ai_generated_posts_content_check
    check (pg_catalog.char_length(content) <= 63206 and pg_catalog.btrim(content) <> ''),
  platforms text[] not null
    constraint ai_generated_posts_platforms_check
    check (pg_catalog.cardinality(platforms) > 0
           and platforms <@ array['facebook', 'instagram', 'linkedin', 'twitter']::text[]),
  ai_provider text not null
    constraint ai_generated_posts_ai_provider_check
    check (ai_provider in ('chatgpt', 'openai', 'perplexity')),
  status text not null default 'pending-review'
    constraint ai_generated_posts_status_check
    check (status in ('pending-review', 'approved', 'needs-revision', 'rejected', 'scheduled')),
  generated_at timestamptz not null default now(),
  prompt text not null default ''
    constraint ai_generated_posts_prompt_check check (pg_catalog.char_length(prompt) <= 5000),
  engagement_prediction integer not null default 0
    constraint ai_generated_posts_engagement_prediction_check
    check (engagement_prediction between 0 and 100),
  hashtags text[] not null default '{}'
    constraint ai_generated_posts_hashtags_check
    check (pg_catalog.cardinality(hashtags) <= 100
           and pg_catalog.char_length(pg_catalog.array_to_string(hashtags, ' ')) <= 10000),
  feedback text
    constraint ai_generated_posts_feedback_check
    check (feedback is null or pg_catalog.char_length(feedback) <= 5000),
  reviewed_at timestamptz,
  suggested_for timestamptz,
  scheduled_post_id uuid references public.scheduled_posts (id) on delete set null,
  version bigint not null default 1,
  last_mutation_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index ai_generated_posts_scheduled_post_idx on public.ai_generated_posts (scheduled_post_id)
  where scheduled_post_id is not null;
create index ai_generated_posts_deleted_idx on public.ai_generated_posts (deleted_at)
  where deleted_at is not null;

create trigger ai_generated_posts_bump_version before insert or update
  on public.ai_generated_posts for each row execute function public.bump_row_version();

alter table public.ai_generated_posts enable row level security;
revoke all on public.ai_generated_posts from public, anon, authenticated;
grant select, insert, update, delete on public.ai_generated_posts to authenticated, service_role;

create policy "Owner can read" on public.ai_generated_posts
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "Owner can insert" on public.ai_generated_posts
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "Owner can update" on public.ai_generated_posts
  for update to authenticated using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);
create policy "Owner can delete" on public.ai_generated_posts
  for delete to authenticated using ((select auth.uid()) = user_id);
create policy mfa_satisfied on public.ai_generated_posts as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

-- Checks every write (sync or REST) with messages a person can act on, before the constraints
-- above would answer with only their names; and keeps the tie to a scheduled post honest.
-- Security definer: whether a scheduled post is the writer's own must not depend on what row-level
-- security lets the writer see (a service-role write has no auth.uid()).
create or replace function private.ai_generated_posts_check() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  tied public.scheduled_posts;
  released boolean := false;
begin
  if new.status is null or new.status not in
     ('pending-review', 'approved', 'needs-revision', 'rejected', 'scheduled') then
    raise exception 'status must be one of pending-review, approved, needs-revision, rejected, scheduled'
      using errcode = '22023';
  end if;
  if new.content is null or pg_catalog.btrim(new.content) = '' then
    raise exception 'content must not be empty' using errcode = '22023';
  end if;
  if pg_catalog.char_length(new.content) > 63206 then
    raise exception 'content must be at most 63206 characters' using errcode = '22001';
  end if;
  if new.platforms is null or pg_catalog.cardinality(new.platforms) = 0
     or not new.platforms <@ array['facebook', 'instagram', 'linkedin', 'twitter']::text[] then
    raise exception 'platforms must name at least one of facebook, instagram, linkedin, twitter'
      using errcode = '22023';
  end if;
  if new.ai_provider is null or new.ai_provider not in ('chatgpt', 'openai', 'perplexity') then
    raise exception 'ai_provider must be chatgpt, openai or perplexity' using errcode = '22023';
  end if;
  if new.engagement_prediction is null or new.engagement_prediction not between 0 and 100 then
    raise exception 'engagement_prediction must be a whole number from 0 to 100'
      using errcode = '22023';
  end if;
  if pg_catalog.char_length(new.prompt) > 5000 then
    raise exception 'prompt must be at most 5000 characters' using errcode = '22001';
  end if;
  if pg_catalog.char_length(new.feedback) > 5000 then
    raise exception 'feedback must be at most 5000 characters' using errcode = '22001';
  end if;
  if pg_catalog.cardinality(new.hashtags) > 100
     or pg_catalog.char_length(pg_catalog.array_to_string(new.hashtags, ' ')) > 10000 then
    raise exception 'hashtags must be at most 100, of 10000 characters together'
      using errcode = '22001';
  end if;

  if new.scheduled_post_id is not null
     and (tg_op = 'INSERT' or new.scheduled_post_id is distinct from old.scheduled_post_id) then
    select * into tied from public.scheduled_posts p where p.id = new.scheduled_post_id;
    -- The same answer for a post that does not exist and another user's: nothing leaks.
    if not found or tied.user_id <> new.user_id then
      raise exception 'scheduled_post_id must name one of your scheduled posts'
        using errcode = '23503';
    end if;
    -- Cancelled meanwhile (on another device): there is nothing to be tied to any more.
    if tied.deleted_at is not null then
      new.scheduled_post_id := null;
      released := true;
    end if;
  end if;

  -- Its scheduled post went (cancelled, or deleted: the foreign key's set null): schedulable again.
  if new.scheduled_post_id is null and new.status = 'scheduled'
     and (released or (tg_op = 'UPDATE' and old.scheduled_post_id is not null)) then
    new.status := 'approved';
  end if;
  return new;
end;
$$;
revoke all on function private.ai_generated_posts_check() from public;

create trigger ai_generated_posts_check before insert or update on public.ai_generated_posts
  for each row execute function private.ai_generated_posts_check();

-- A scheduled post cancelled by a tombstone (the app's delete) lets go of its AI post, which the
-- check above then puts back to approved. Security definer: the publisher may tombstone too.
create or replace function private.scheduled_posts_release_ai_post() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.ai_generated_posts a
     set scheduled_post_id = null
   where a.scheduled_post_id = new.id;
  return null;
end;
$$;
revoke all on function private.scheduled_posts_release_ai_post() from public;

create trigger scheduled_posts_release_ai_post after update of deleted_at on public.scheduled_posts
  for each row when (old.deleted_at is null and new.deleted_at is not null)
  execute function private.scheduled_posts_release_ai_post();

-- Sync: apply and row-to-JSON functions ------------------------------------------------------

create or replace function private.sync_ai_generated_posts_json(r public.ai_generated_posts)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when r.id is null then null else pg_catalog.to_jsonb(r) - 'txid' end
$$;

-- One ai_generated_posts mutation. The newest write wins; a delete tombstones the post. A column
-- absent from data keeps its value (an insert takes the column's default). The checks are the
-- trigger's, so a REST write meets the same ones.
create or replace function private.sync_apply_ai_generated_posts(m jsonb) returns jsonb
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
  cur public.ai_generated_posts;
  res public.ai_generated_posts;
  engagement integer;
  col text;
begin
  if op = 'upsert' then
    foreach col in array array['platforms', 'hashtags'] loop
      if d ? col and pg_catalog.jsonb_typeof(d -> col) is distinct from 'array' then
        raise exception '% must be an array of strings', col using errcode = '22023';
      end if;
    end loop;
    -- A number (rounded to the whole percentage), checked before it is cast.
    if d ? 'engagement_prediction' then
      if pg_catalog.jsonb_typeof(d -> 'engagement_prediction') is distinct from 'number' then
        raise exception 'engagement_prediction must be a whole number from 0 to 100'
          using errcode = '22023';
      end if;
      engagement := pg_catalog.round((d ->> 'engagement_prediction')::numeric)::integer;
    end if;
  end if;

  select * into cur from public.ai_generated_posts where id = rid for update;

  if not found then
    if op = 'delete' then
      return pg_catalog.jsonb_build_object('status', 'applied', 'version', null, 'row', null);
    end if;
    -- Another user's row with this id is invisible here; the insert then fails on the primary key.
    insert into public.ai_generated_posts
      (id, content, platforms, ai_provider, status, generated_at, prompt, engagement_prediction,
       hashtags, feedback, reviewed_at, suggested_for, scheduled_post_id, created_at,
       last_mutation_id)
    values
      (rid, d ->> 'content', private.sync_text_array(d -> 'platforms'), d ->> 'ai_provider',
       coalesce(d ->> 'status', 'pending-review'),
       coalesce((d ->> 'generated_at')::timestamptz, pg_catalog.now()),
       coalesce(d ->> 'prompt', ''), coalesce(engagement, 0),
       coalesce(private.sync_text_array(d -> 'hashtags'), '{}'::text[]), d ->> 'feedback',
       (d ->> 'reviewed_at')::timestamptz, (d ->> 'suggested_for')::timestamptz,
       (d ->> 'scheduled_post_id')::uuid, (d ->> 'created_at')::timestamptz, mid);
  elsif op = 'delete' then
    if cur.deleted_at is null then
      update public.ai_generated_posts
         set deleted_at = pg_catalog.now(), last_mutation_id = mid
       where id = rid;
    end if;
  else
    update public.ai_generated_posts set
      content = case when d ? 'content' then d ->> 'content' else content end,
      platforms = case when d ? 'platforms' then private.sync_text_array(d -> 'platforms')
                       else platforms end,
      ai_provider = case when d ? 'ai_provider' then d ->> 'ai_provider' else ai_provider end,
      status = case when d ? 'status' then d ->> 'status' else status end,
      generated_at = case when d ? 'generated_at'
                          then coalesce((d ->> 'generated_at')::timestamptz, generated_at)
                          else generated_at end,
      prompt = case when d ? 'prompt' then coalesce(d ->> 'prompt', '') else prompt end,
      engagement_prediction = coalesce(engagement, engagement_prediction),
      hashtags = case when d ? 'hashtags' then private.sync_text_array(d -> 'hashtags')
                      else hashtags end,
      feedback = case when d ? 'feedback' then d ->> 'feedback' else feedback end,
      reviewed_at = case when d ? 'reviewed_at' then (d ->> 'reviewed_at')::timestamptz
                         else reviewed_at end,
      suggested_for = case when d ? 'suggested_for' then (d ->> 'suggested_for')::timestamptz
                           else suggested_for end,
      scheduled_post_id = case when d ? 'scheduled_post_id'
                               then (d ->> 'scheduled_post_id')::uuid
                               else scheduled_post_id end,
      deleted_at = null,
      last_mutation_id = mid
    where id = rid;
  end if;

  -- Read back after the triggers (the check may have let go of a cancelled scheduled post).
  select * into res from public.ai_generated_posts where id = rid;
  return pg_catalog.jsonb_build_object('status', 'applied', 'version', res.version,
                                       'row', private.sync_ai_generated_posts_json(res));
end;
$$;

revoke all on function private.sync_ai_generated_posts_json(public.ai_generated_posts) from public;
revoke all on function private.sync_apply_ai_generated_posts(jsonb) from public;
grant execute on function private.sync_ai_generated_posts_json(public.ai_generated_posts)
  to authenticated;
grant execute on function private.sync_apply_ai_generated_posts(jsonb) to authenticated;

select private.sync_register_entity('ai_generated_posts', 'user_id',
  'private.sync_apply_ai_generated_posts(jsonb)',
  'private.sync_ai_generated_posts_json(public.ai_generated_posts)');
