-- Postbloom schema: profiles, onboarding answers, post drafts, social credentials and accounts.
-- Every row belongs to one user and row-level security scopes it to auth.uid().
-- Sync columns: client-generated uuid ids, a server-bumped version, the last applied mutation id,
-- and tombstones (deleted_at) on drafts.


-- updated_at and version are the server's: a client can neither set nor rewind them.
create or replace function public.bump_row_version() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    new.created_at := coalesce(new.created_at, now());
    new.updated_at := now();
  else
    new.version := old.version + 1;
    new.created_at := old.created_at;
    new.updated_at := now();
  end if;
  return new;
end;
$$;

-- user_profiles ---------------------------------------------------------------------------------
create table public.user_profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null check (length(btrim(email)) > 0),
  first_name text,
  last_name text,
  company text,
  bio text,
  avatar_url text,
  social_credentials_wizard_completed boolean not null default false,
  version bigint not null default 1,
  last_mutation_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- onboarding_data -------------------------------------------------------------------------------
create table public.onboarding_data (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  business_name text not null check (length(btrim(business_name)) >= 2),
  business_type text not null check (business_type in (
    -- wizard industry ids
    'retail', 'tech', 'food-beverage', 'professional-services', 'health-wellness', 'education',
    'nonprofit', 'other',
    -- business type labels
    'restaurant', 'salon', 'fitness', 'automotive', 'healthcare', 'professional', 'home',
    'creative', 'entertainment'
  )),
  location text not null default 'Not specified' check (length(btrim(location)) >= 2),
  primary_goal text not null check (primary_goal in (
    'awareness', 'leads', 'support', 'engagement', 'recruitment',
    'bookings', 'sales', 'traffic', 'loyalty'
  )),
  target_audience text not null default 'General audience' check (length(btrim(target_audience)) > 0),
  posting_frequency text not null default 'regular' check (posting_frequency in (
    'minimal', 'regular', 'daily', 'multiple', 'frequent'
  )),
  content_preferences text[] not null default '{}',
  -- The whole wizard form, so another device can pre-fill every step.
  answers jsonb not null default '{}'::jsonb check (jsonb_typeof(answers) = 'object'),
  completed_at timestamptz,
  version bigint not null default 1,
  last_mutation_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint onboarding_data_user_id_key unique (user_id)
);

-- post_drafts -----------------------------------------------------------------------------------
create table public.post_drafts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  content text not null default '',
  platforms text[] not null default '{}'
    check (platforms <@ array['facebook', 'instagram', 'linkedin', 'twitter']::text[]),
  post_type text not null default 'text' check (post_type in ('text', 'image', 'carousel')),
  ai_prompt text,
  ai_provider text check (ai_provider in ('chatgpt', 'openai', 'perplexity')),
  status text not null default 'draft' check (status in ('draft', 'scheduled', 'published')),
  scheduled_for timestamptz,
  -- Set on a copy that keeps a user's text when their edit lost a sync conflict.
  conflict_of uuid,
  version bigint not null default 1,
  last_mutation_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index post_drafts_user_updated_idx on public.post_drafts (user_id, updated_at desc);

-- user_social_credentials -----------------------------------------------------------------------
create table public.user_social_credentials (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  platform text not null check (platform in ('facebook', 'linkedin')),
  platform_credentials jsonb not null check (jsonb_typeof(platform_credentials) = 'object'),
  is_active boolean not null default true,
  validation_status text not null default 'pending'
    check (validation_status in ('pending', 'valid', 'invalid')),
  validation_error text,
  last_validated_at timestamptz,
  version bigint not null default 1,
  last_mutation_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint user_social_credentials_user_platform_key unique (user_id, platform)
);

-- social_media_accounts -------------------------------------------------------------------------
create table public.social_media_accounts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  platform text not null check (platform in ('facebook', 'instagram', 'linkedin', 'twitter')),
  platform_account_id text not null,
  account_name text not null,
  is_active boolean not null default true,
  permissions jsonb not null default '{}'::jsonb,
  version bigint not null default 1,
  last_mutation_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint social_media_accounts_account_key unique (user_id, platform, platform_account_id)
);
create index social_media_accounts_user_platform_idx on public.social_media_accounts (user_id, platform);

-- Triggers, row-level security and grants ------------------------------------------------------
do $$
declare
  t text;
begin
  foreach t in array array['user_profiles', 'onboarding_data', 'post_drafts',
                           'user_social_credentials', 'social_media_accounts']
  loop
    execute format(
      'create trigger %I before insert or update on public.%I for each row execute function public.bump_row_version()',
      t || '_bump_version', t);
    execute format('alter table public.%I enable row level security', t);
    execute format('grant select, insert, update, delete on public.%I to anon, authenticated, service_role', t);
  end loop;
end
$$;

-- Owner-only policies. user_profiles is keyed by the user id itself.
create policy "Users read their own profile" on public.user_profiles
  for select to authenticated using ((select auth.uid()) = id);
create policy "Users create their own profile" on public.user_profiles
  for insert to authenticated with check ((select auth.uid()) = id);
create policy "Users update their own profile" on public.user_profiles
  for update to authenticated using ((select auth.uid()) = id) with check ((select auth.uid()) = id);
create policy "Users delete their own profile" on public.user_profiles
  for delete to authenticated using ((select auth.uid()) = id);

do $$
declare
  t text;
begin
  foreach t in array array['onboarding_data', 'post_drafts', 'user_social_credentials',
                           'social_media_accounts']
  loop
    execute format('create policy "Owner can read" on public.%I for select to authenticated using ((select auth.uid()) = user_id)', t);
    execute format('create policy "Owner can insert" on public.%I for insert to authenticated with check ((select auth.uid()) = user_id)', t);
    execute format('create policy "Owner can update" on public.%I for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id)', t);
    execute format('create policy "Owner can delete" on public.%I for delete to authenticated using ((select auth.uid()) = user_id)', t);
  end loop;
end
$$;

grant execute on function public.bump_row_version() to anon, authenticated, service_role;
