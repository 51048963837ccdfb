-- Two-factor authentication is enforced by the database, not only by the app: a user with a
-- verified factor reads and writes their rows only with an aal2 token (after the code step).
-- Every table of the API schema that has row-level security gets the same restrictive policy;
-- a table added by a later migration adds it too (docs/sync-protocol.md, "Adding a synced entity").

create schema if not exists private;
grant usage on schema private to authenticated;

-- Security definer: the API roles cannot read auth.mfa_factors.
create or replace function private.mfa_satisfied() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f
         where f.user_id = auth.uid() and f.status = 'verified'
      )
$$;

revoke all on function private.mfa_satisfied() from public;
grant execute on function private.mfa_satisfied() to authenticated;

do $$
declare
  t record;
begin
  for t in
    select c.relname
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
  loop
    execute format('drop policy if exists mfa_satisfied on public.%I', t.relname);
    execute format(
      'create policy mfa_satisfied on public.%I as restrictive for all to authenticated '
      'using ((select private.mfa_satisfied())) with check ((select private.mfa_satisfied()))',
      t.relname);
  end loop;
end
$$;
