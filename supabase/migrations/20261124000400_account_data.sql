-- Settings → Privacy: a user's copy of their data (public.export_account_data) and the deletion of
-- their account (public.delete_account). docs/data-api.md, "Account data".

-- Export ------------------------------------------------------------------------------------------

-- Everything the server holds for the caller, as one JSON document. Security invoker: row-level
-- security decides what is read, and the explicit owner filters say the same. Secrets stay out:
-- the social app credentials (user_social_credentials.platform_credentials) and a push
-- subscription's keys are never selected; connections give their platform and status only.
-- Push subscriptions arrive in a later migration, so that table is read only when it exists.
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
    'push_subscriptions', push
  );
end;
$$;

revoke all on function public.export_account_data() from public, anon;
grant execute on function public.export_account_data() to authenticated;

-- Delete ------------------------------------------------------------------------------------------

-- Deletes the caller's account: auth.users, and with it (on delete cascade) every public table's
-- rows of the user, their sessions, refresh tokens, identities and factors. Tombstones (no foreign
-- key: they outlive the row they stand for) and refresh tokens (keyed by a text user id) are
-- deleted by hand. Security definer, owned by the migration role: the API roles may not touch auth.
--
-- Refused (42501) unless the token names a live session of the caller (a token from a signed-out
-- session keeps its signature until it expires) and, when the user has a verified second factor,
-- that session passed it (aal2): a stolen password alone must not end the account.
-- auth.mfa_factors is read only when it exists (hosted Supabase always has it).
create or replace function public.delete_account() returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  claims jsonb := coalesce(auth.jwt(), '{}'::jsonb);
  sid text := claims ->> 'session_id';
  has_factor boolean := false;
begin
  if uid is null or claims ->> 'role' is distinct from 'authenticated' then
    raise exception 'Sign in to delete your account.' using errcode = '42501';
  end if;
  if sid is null
     or sid !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or not exists (select 1 from auth.sessions s
                     where s.id = sid::uuid and s.user_id = uid
                       and (s.not_after is null or s.not_after > pg_catalog.now())) then
    raise exception 'This session has ended. Sign in again to delete your account.'
      using errcode = '42501', hint = 'session_not_found';
  end if;
  if pg_catalog.to_regclass('auth.mfa_factors') is not null then
    execute 'select exists (select 1 from auth.mfa_factors f '
            'where f.user_id = $1 and f.status::text = ''verified'')'
      into has_factor using uid;
  end if;
  if has_factor and coalesce(claims ->> 'aal', 'aal1') not in ('aal2', 'aal3') then
    raise exception 'Verify your two-factor code before deleting your account.'
      using errcode = '42501', hint = 'insufficient_aal';
  end if;

  delete from auth.refresh_tokens where user_id = uid::text;
  delete from auth.users where id = uid;
  -- After the user: a row deleted with its user leaves no tombstone, older ones go here.
  delete from public.sync_tombstones where user_id = uid;
end;
$$;

revoke all on function public.delete_account() from public, anon;
grant execute on function public.delete_account() to authenticated;
