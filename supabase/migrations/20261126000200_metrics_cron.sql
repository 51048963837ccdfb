-- Hosted Supabase: the metrics collector runs every hour (docs/analytics.md, "Collector").
--
-- pg_cron starts a job at minute 17 of each hour that POSTs to
-- {project_url}/functions/v1/metrics-collector with the service role key as bearer, through
-- pg_net. Both values are read from Vault when the job runs (secrets `project_url` and
-- `service_role_key`, as for the publisher), so they are never written into the job's text. Each
-- run collects the accounts whose last try is older than METRICS_INTERVAL_MS (6 h by default), so
-- an hourly job spreads the accounts over the day. pg_net does not wait for the answer, so runs
-- may overlap: the collector is safe to run twice at once (the claim decides).
--
-- Only where pg_cron, pg_net and Vault are available. Elsewhere (PGlite, plain PostgreSQL) this
-- does nothing: the embedded server runs the same collector on its own timer.

do $migration$
declare
  available integer;
begin
  select count(distinct name) into available
    from pg_catalog.pg_available_extensions
   where name in ('pg_cron', 'pg_net', 'supabase_vault');
  if available < 3 then
    raise notice 'pg_cron, pg_net or Vault is not available: the metrics collector is not scheduled here';
    return;
  end if;

  execute 'create extension if not exists pg_cron with schema pg_catalog';
  execute 'create extension if not exists pg_net with schema extensions';
  execute 'create extension if not exists supabase_vault with schema vault';

  -- cron.schedule replaces a job of the same name, so applying this again changes nothing.
  execute $sql$
    select cron.schedule(
      'postbloom-metrics',
      '17 * * * *',
      $job$
        select net.http_post(
                 url := s.url || '/functions/v1/metrics-collector',
                 headers := pg_catalog.jsonb_build_object(
                   'Content-Type', 'application/json',
                   'Authorization', 'Bearer ' || s.key),
                 body := '{}'::jsonb,
                 timeout_milliseconds := 120000)
          from (select
                  (select decrypted_secret from vault.decrypted_secrets
                    where name = 'project_url') as url,
                  (select decrypted_secret from vault.decrypted_secrets
                    where name = 'service_role_key') as key) s
         where s.url is not null and s.key is not null
      $job$)
  $sql$;
end
$migration$;
