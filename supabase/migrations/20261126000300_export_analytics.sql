-- Settings → Privacy → Export Data: the numbers the metrics collector gathered
-- (20261126000100_analytics.sql) join the export: each account's collection status, the page
-- numbers per day and each published post's numbers. As in 20261125000300_export_ai_posts_ideas.sql
-- otherwise.

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
        from public.analytics_post_metrics m where m.user_id = uid), '[]'::jsonb)
  );
end;
$$;

revoke all on function public.export_account_data() from public, anon;
grant execute on function public.export_account_data() to authenticated;
