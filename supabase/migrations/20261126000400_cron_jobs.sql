-- Hosted Supabase: pg_cron runs the publisher every minute (docs/publishing.md, "Publisher") and
-- the metrics collector at minute 17 of each hour (docs/analytics.md, "Collector").
--
-- Each job POSTs to {project_url}/functions/v1/<function> with the service role key as bearer,
-- through pg_net. Both values are read from Vault when the job runs (secrets `project_url` and
-- `service_role_key`), so they can be set after this migration and are never written into a
-- job's text. pg_net does not wait for the answer, so runs may overlap: both functions are safe
-- to run twice at once (their claims decide).
--
-- This takes over from 20261124001000_publisher_cron.sql and 20261126000200_metrics_cron.sql,
-- which scheduled only when pg_available_extensions listed pg_cron, pg_net and Vault (they are
-- empty now; databases that applied them keep what they scheduled). The extensions are created
-- when available, as on hosted Supabase, and the jobs are scheduled whenever cron.schedule
-- exists. A job is (re)scheduled only when no job of its name has this schedule and command, so
-- applying this after the old migrations, or again, adds nothing; cron.schedule replaces a job
-- of the same name. Without pg_cron (PGlite, plain PostgreSQL) it raises one notice: there the
-- embedded server runs both on its own timers.

do $migration$
declare
  wanted record;
begin
  -- Hosted Supabase's documented placements of the three extensions.
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    execute 'create extension if not exists pg_cron with schema pg_catalog';
  end if;
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_net') then
    execute 'create extension if not exists pg_net with schema extensions';
  end if;
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'supabase_vault') then
    execute 'create extension if not exists supabase_vault with schema vault';
  end if;

  if pg_catalog.to_regprocedure('cron.schedule(text,text,text)') is null then
    raise notice 'pg_cron is not available: the publisher and the metrics collector are not scheduled here';
    return;
  end if;

  -- The commands are the old migrations' to the byte, so jobs they scheduled count as the same.
  for wanted in
    select * from (values
      ('postbloom-publisher', '* * * * *', $job$
        select net.http_post(
                 url := s.url || '/functions/v1/publisher',
                 headers := pg_catalog.jsonb_build_object(
                   'Content-Type', 'application/json',
                   'Authorization', 'Bearer ' || s.key),
                 body := '{}'::jsonb,
                 timeout_milliseconds := 55000)
          from (select
                  (select decrypted_secret from vault.decrypted_secrets
                    where name = 'project_url') as url,
                  (select decrypted_secret from vault.decrypted_secrets
                    where name = 'service_role_key') as key) s
         where s.url is not null and s.key is not null
      $job$),
      ('postbloom-metrics', '17 * * * *', $job$
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
    ) as j (name, schedule, command)
  loop
    if not exists (
      select 1 from cron.job c
       where c.jobname = wanted.name
         and c.schedule = wanted.schedule
         and c.command = wanted.command
    ) then
      perform cron.schedule(wanted.name, wanted.schedule, wanted.command);
    end if;
  end loop;
end
$migration$;
