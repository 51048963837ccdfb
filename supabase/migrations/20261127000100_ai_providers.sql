-- AI providers beyond ChatGPT (docs/ai-providers.md).
--
--   * Drafts and AI generated posts record the provider that wrote them: grok, gemini and custom
--     join chatgpt, openai (older rows) and perplexity. The check function of
--     20261125000100_ai_generated_posts.sql is the same but for that list.
--   * "Keep my key on the server": public.user_ai_providers holds what the card shows (address,
--     model, whether a key is kept), readable by its owner only; public.ai_provider_secrets holds
--     the key, sealed by the ai-proxy function (AES-256-GCM under SOCIAL_SECRETS_KEY, bound to
--     ai:<user>:<provider>), for the service role only. Both are written by the function alone,
--     through public.save_ai_provider, so the row and its key never disagree.
--   * Export Data lists the user's server-side providers (never the key).

alter table public.post_drafts drop constraint post_drafts_ai_provider_check;
alter table public.post_drafts add constraint post_drafts_ai_provider_check
  check (ai_provider in ('chatgpt', 'openai', 'perplexity', 'grok', 'gemini', 'custom'));

alter table public.ai_generated_posts drop constraint ai_generated_posts_ai_provider_check;
alter table public.ai_generated_posts add constraint ai_generated_posts_ai_provider_check
  check (ai_provider in ('chatgpt', 'openai', 'perplexity', 'grok', 'gemini', 'custom'));

-- Drafts' and AI posts' writers: the same checks as before, with the longer provider list.
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
  if new.ai_provider is null or new.ai_provider not in
     ('chatgpt', 'openai', 'perplexity', 'grok', 'gemini', 'custom') then
    raise exception 'ai_provider must be one of chatgpt, openai, perplexity, grok, gemini, custom'
      using errcode = '22023';
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

-- The server-side providers -----------------------------------------------------------------------

create table public.user_ai_providers (
  user_id uuid not null references auth.users (id) on delete cascade,
  provider text not null
    constraint user_ai_providers_provider_check
    check (provider in ('chatgpt', 'perplexity', 'grok', 'gemini', 'custom')),
  base_url text not null
    constraint user_ai_providers_base_url_check
    check (pg_catalog.char_length(base_url) <= 2048 and base_url ~ '^https?://'),
  model text not null
    constraint user_ai_providers_model_check
    check (pg_catalog.char_length(model) <= 200 and pg_catalog.btrim(model) <> ''),
  has_key boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, provider)
);

-- One key per provider row; it goes with the row (and the row with its user).
create table public.ai_provider_secrets (
  user_id uuid not null,
  provider text not null,
  ciphertext text not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, provider),
  foreign key (user_id, provider)
    references public.user_ai_providers (user_id, provider) on delete cascade
);

-- Hosted Supabase's default privileges grant new public tables to anon and authenticated: revoke
-- first, then give the owner read access to the row only.
alter table public.user_ai_providers enable row level security;
revoke all on public.user_ai_providers from public, anon, authenticated;
grant select on public.user_ai_providers to authenticated;
grant select, insert, update, delete on public.user_ai_providers to service_role;
create policy "Owner can read" on public.user_ai_providers
  for select to authenticated using ((select auth.uid()) = user_id);
create policy mfa_satisfied on public.user_ai_providers as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

-- No permissive policy and no grant: nobody but the service role reaches a sealed key. The
-- two-factor policy is on every RLS table of the API schema (20261124000600).
alter table public.ai_provider_secrets enable row level security;
revoke all on public.ai_provider_secrets from public, anon, authenticated;
grant select, insert, update, delete on public.ai_provider_secrets to service_role;
create policy mfa_satisfied on public.ai_provider_secrets as restrictive for all to authenticated
  using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()));

-- The function's save, in one transaction: the row, then its key as asked. p_key: 'set' stores
-- p_ciphertext (sealed by the function: the plain key is never written to any table), 'keep'
-- leaves the stored key as it is, 'remove' forgets it. Returns the row as the owner reads it.
-- Service role only.
create or replace function public.save_ai_provider(
  p_user_id uuid, p_provider text, p_base_url text, p_model text, p_key text,
  p_ciphertext text
) returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  saved public.user_ai_providers;
begin
  if p_key not in ('set', 'keep', 'remove') or (p_key = 'set' and p_ciphertext is null) then
    raise exception 'p_key must be set (with p_ciphertext), keep or remove' using errcode = '22023';
  end if;
  insert into public.user_ai_providers as a (user_id, provider, base_url, model)
  values (p_user_id, p_provider, p_base_url, p_model)
  on conflict (user_id, provider) do update
    set base_url = excluded.base_url, model = excluded.model, updated_at = pg_catalog.now();

  if p_key = 'set' then
    insert into public.ai_provider_secrets as s (user_id, provider, ciphertext, updated_at)
    values (p_user_id, p_provider, p_ciphertext, pg_catalog.now())
    on conflict (user_id, provider)
      do update set ciphertext = excluded.ciphertext, updated_at = excluded.updated_at;
  elsif p_key = 'remove' then
    delete from public.ai_provider_secrets s
     where s.user_id = p_user_id and s.provider = p_provider;
  end if;

  update public.user_ai_providers a
     set has_key = exists (select 1 from public.ai_provider_secrets s
                            where s.user_id = p_user_id and s.provider = p_provider)
   where a.user_id = p_user_id and a.provider = p_provider
  returning * into saved;
  return pg_catalog.to_jsonb(saved) - 'user_id';
end;
$$;
revoke all on function public.save_ai_provider(uuid, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function public.save_ai_provider(uuid, text, text, text, text, text)
  to service_role;

-- Export Data: as in 20261126000300_export_analytics.sql, with the server-side providers (their
-- address, model and whether a key is kept; never the key).
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
        from public.user_notifications n where n.user_id = uid), '[]'::jsonb),
    'ai_generated_posts', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(g) - internal order by g.generated_at, g.id)
        from public.ai_generated_posts g
       where g.user_id = uid and g.deleted_at is null), '[]'::jsonb),
    'content_ideas', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(i) - internal order by i.created_at, i.id)
        from public.content_ideas i
       where i.user_id = uid and i.deleted_at is null), '[]'::jsonb),
    'analytics_accounts', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(a) - internal order by a.platform, a.id)
        from public.analytics_accounts a where a.user_id = uid), '[]'::jsonb),
    'analytics_daily', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(d) - internal order by d.account_id, d.day)
        from public.analytics_daily d where d.user_id = uid), '[]'::jsonb),
    'analytics_post_metrics', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.to_jsonb(m) - internal order by m.published_at, m.id)
        from public.analytics_post_metrics m where m.user_id = uid), '[]'::jsonb),
    'ai_providers', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
               'provider', a.provider, 'base_url', a.base_url, 'model', a.model,
               'has_key', a.has_key, 'created_at', a.created_at, 'updated_at', a.updated_at)
             order by a.provider)
        from public.user_ai_providers a where a.user_id = uid), '[]'::jsonb)
  );
end;
$$;

revoke all on function public.export_account_data() from public, anon;
grant execute on function public.export_account_data() to authenticated;
