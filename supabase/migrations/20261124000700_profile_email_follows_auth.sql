-- user_profiles.email follows the account's email. Settings never writes the column itself: a new
-- address goes through the account's email change (links mailed to both addresses), and once it
-- takes effect on auth.users this trigger copies it to the profile. The update bumps the row's
-- version and txid (its own triggers), so every device pulls the new address.

create or replace function private.profile_email_follows_auth() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The profile has a non-blank email check; an account without an address leaves it as it is.
  if new.email is not null and pg_catalog.btrim(new.email) <> '' then
    update public.user_profiles
       set email = new.email
     where id = new.id
       and email is distinct from new.email;
  end if;
  return null;
end;
$$;

revoke all on function private.profile_email_follows_auth() from public;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function private.profile_email_follows_auth();
