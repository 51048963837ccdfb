import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { clientWith, createUser, dbRows, rest, type TestUser } from './rest-helpers.ts';

// Every data call of spec §7, made the way the app makes it: supabase-js against the server.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const onboardingRow = (userId: string) => ({
  user_id: userId,
  business_name: 'Blue Door Bakery',
  business_type: 'restaurant',
  location: 'Leeds',
  primary_goal: 'awareness',
  target_audience: 'Local families',
  posting_frequency: 'regular',
  content_preferences: ['educational', 'promotions'],
});

describe('onboarding_data', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(server);
  });

  it('inserts the answers (201, no representation by default)', async () => {
    const res = await user.client.from('onboarding_data').insert(onboardingRow(user.userId));
    expect(res.error).toBeNull();
    expect(res.status).toBe(201);
    expect(res.data).toBeNull();
    const rows = await dbRows(
      server,
      'select business_name, content_preferences, version from public.onboarding_data where user_id = $1',
      [user.userId],
    );
    expect(rows).toEqual([
      {
        business_name: 'Blue Door Bakery',
        content_preferences: ['educational', 'promotions'],
        version: 1,
      },
    ]);
  });

  it('selects one by user_id with .single() as an object', async () => {
    const { data, error, status } = await user.client
      .from('onboarding_data')
      .select('*')
      .eq('user_id', user.userId)
      .single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toMatchObject({
      ...onboardingRow(user.userId),
      answers: {},
      completed_at: null,
      version: 1,
    });
    expect(typeof data.id).toBe('string');
    expect(Array.isArray(data)).toBe(false);
  });

  it('selects all columns with .maybeSingle(): the row, or null when there is none', async () => {
    const found = await user.client
      .from('onboarding_data')
      .select()
      .eq('user_id', user.userId)
      .maybeSingle();
    expect(found.error).toBeNull();
    expect(found.data).toMatchObject({ business_name: 'Blue Door Bakery' });
    const nobody = await createUser(server);
    const missing = await nobody.client
      .from('onboarding_data')
      .select()
      .eq('user_id', nobody.userId)
      .maybeSingle();
    expect(missing.error).toBeNull();
    expect(missing.data).toBeNull();
  });

  it('answers .single() with no row as 406 PGRST116', async () => {
    const nobody = await createUser(server);
    const { data, error, status } = await nobody.client
      .from('onboarding_data')
      .select('*')
      .eq('user_id', nobody.userId)
      .single();
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
    });
  });

  it('selects ids to check completion', async () => {
    const { data, error } = await user.client
      .from('onboarding_data')
      .select('id')
      .eq('user_id', user.userId);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(Object.keys(data![0]!)).toEqual(['id']);
  });

  it('updates by user_id (204) and the trigger bumps version and updated_at', async () => {
    const [before] = await dbRows<{ updated_at: Date; created_at: Date }>(
      server,
      'select updated_at, created_at from public.onboarding_data where user_id = $1',
      [user.userId],
    );
    const completedAt = new Date().toISOString();
    const res = await user.client
      .from('onboarding_data')
      .update({
        business_name: 'Blue Door Bakery & Cafe',
        posting_frequency: 'daily',
        completed_at: completedAt,
        version: 99,
        created_at: '2000-01-01T00:00:00Z',
      })
      .eq('user_id', user.userId);
    expect(res.error).toBeNull();
    expect(res.status).toBe(204);
    const [after] = await dbRows<{
      business_name: string;
      posting_frequency: string;
      completed_at: Date;
      version: number;
      updated_at: Date;
      created_at: Date;
    }>(
      server,
      'select business_name, posting_frequency, completed_at, version, updated_at, created_at from public.onboarding_data where user_id = $1',
      [user.userId],
    );
    expect(after).toMatchObject({
      business_name: 'Blue Door Bakery & Cafe',
      posting_frequency: 'daily',
      version: 2,
    });
    expect(new Date(after!.completed_at).toISOString()).toBe(completedAt);
    expect(new Date(after!.updated_at).getTime()).toBeGreaterThan(
      new Date(before!.updated_at).getTime(),
    );
    expect(new Date(after!.created_at).getTime()).toBe(new Date(before!.created_at).getTime());
  });

  it('refuses a second row for the same user with 409 23505', async () => {
    const { error, status } = await user.client
      .from('onboarding_data')
      .insert(onboardingRow(user.userId));
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: '23505' });
  });

  it('reports a check violation as 400 23514 and a missing required field as 400 23502', async () => {
    const other = await createUser(server);
    const bad = await other.client
      .from('onboarding_data')
      .insert({ ...onboardingRow(other.userId), business_type: 'spaceship' });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ code: '23514' });
    const missing = await other.client
      .from('onboarding_data')
      .insert({ user_id: other.userId, business_type: 'retail', primary_goal: 'sales' });
    expect(missing.status).toBe(400);
    expect(missing.error).toMatchObject({ code: '23502' });
    expect(
      await dbRows(server, 'select 1 from public.onboarding_data where user_id = $1', [
        other.userId,
      ]),
    ).toEqual([]);
  });
});

describe('user_profiles', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createUser(server);
  });

  it('upserts on id: 201 when it inserts, 200 when it updates, one row either way', async () => {
    const first = await user.client
      .from('user_profiles')
      .upsert(
        { id: user.userId, email: user.email, first_name: 'Ada', last_name: 'Lovelace' },
        { onConflict: 'id' },
      );
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    const second = await user.client
      .from('user_profiles')
      .upsert({ id: user.userId, email: user.email, first_name: 'Augusta' }, { onConflict: 'id' })
      .select()
      .single();
    expect(second.error).toBeNull();
    expect(second.status).toBe(200);
    expect(second.data).toMatchObject({
      id: user.userId,
      first_name: 'Augusta',
      last_name: 'Lovelace',
      version: 2,
    });
    expect(
      await dbRows(server, 'select first_name from public.user_profiles where id = $1', [
        user.userId,
      ]),
    ).toEqual([{ first_name: 'Augusta' }]);
  });

  it('inserts a profile (201) and refuses a duplicate with 409 23505', async () => {
    const other = await createUser(server);
    const ok = await other.client
      .from('user_profiles')
      .insert({ id: other.userId, email: other.email });
    expect(ok.error).toBeNull();
    expect(ok.status).toBe(201);
    const dup = await other.client
      .from('user_profiles')
      .insert({ id: other.userId, email: other.email });
    expect(dup.status).toBe(409);
    expect(dup.error).toMatchObject({ code: '23505' });
  });

  it('selects by id', async () => {
    const { data, error } = await user.client
      .from('user_profiles')
      .select('*')
      .eq('id', user.userId)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: user.userId,
      email: user.email,
      social_credentials_wizard_completed: false,
    });
  });

  it('updates by id the fields the settings screen edits', async () => {
    const fields = {
      email: user.email,
      first_name: 'Ada',
      last_name: 'King',
      company: 'Analytical Engines Ltd',
      bio: 'Poetical science',
      social_credentials_wizard_completed: true,
    };
    const res = await user.client.from('user_profiles').update(fields).eq('id', user.userId);
    expect(res.error).toBeNull();
    expect(res.status).toBe(204);
    const { data } = await user.client
      .from('user_profiles')
      .select(
        'email, first_name, last_name, company, bio, social_credentials_wizard_completed, version',
      )
      .eq('id', user.userId)
      .single();
    expect(data).toEqual({ ...fields, version: 3 });
  });

  it('stores an empty value as null when the app sends null', async () => {
    const res = await user.client
      .from('user_profiles')
      .update({ company: null, bio: null })
      .eq('id', user.userId)
      .select('company, bio')
      .single();
    expect(res.error).toBeNull();
    expect(res.data).toEqual({ company: null, bio: null });
  });
});

describe('post_drafts', () => {
  let user: TestUser;
  const ids: string[] = [];
  beforeAll(async () => {
    user = await createUser(server);
  });

  it('inserts returning id with .insert().select("id").single()', async () => {
    for (const [i, content] of ['first', 'second', 'third'].entries()) {
      const { data, error, status } = await user.client
        .from('post_drafts')
        .insert({
          user_id: user.userId,
          content,
          platforms: i === 1 ? ['facebook', 'linkedin'] : ['instagram'],
          post_type: 'text',
          ai_provider: 'openai',
          ai_prompt: 'write',
        })
        .select('id')
        .single();
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(Object.keys(data!)).toEqual(['id']);
      ids.push(data!.id as string);
      await new Promise((r) => setTimeout(r, 5));
    }
  });

  it('selects by user_id ordered by updated_at descending', async () => {
    await user.client.from('post_drafts').update({ content: 'first, edited' }).eq('id', ids[0]!);
    const { data, error } = await user.client
      .from('post_drafts')
      .select('*')
      .eq('user_id', user.userId)
      .order('updated_at', { ascending: false });
    expect(error).toBeNull();
    expect(data!.map((d) => d.content)).toEqual(['first, edited', 'third', 'second']);
    expect(data![0]).toMatchObject({
      platforms: ['instagram'],
      post_type: 'text',
      ai_provider: 'openai',
      status: 'draft',
      version: 2,
      deleted_at: null,
    });
  });

  it('updates by id and can return the row', async () => {
    const { data, error, status } = await user.client
      .from('post_drafts')
      .update({ content: 'second, edited', platforms: ['twitter'] })
      .eq('id', ids[1]!)
      .select()
      .single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toMatchObject({
      id: ids[1],
      content: 'second, edited',
      platforms: ['twitter'],
      version: 2,
    });
  });

  it('counts with HEAD and count=exact', async () => {
    const { count, data, error, status } = await user.client
      .from('post_drafts')
      .select('*', { count: 'exact', head: true })
      .eq('user_id', user.userId);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(3);
  });

  it('answers a partial page with a count as 206 and the total', async () => {
    const { count, data, error, status } = await user.client
      .from('post_drafts')
      .select('id', { count: 'exact' })
      .eq('user_id', user.userId)
      .order('created_at')
      .range(1, 1);
    expect(error).toBeNull();
    expect(status).toBe(206);
    expect(count).toBe(3);
    expect(data).toEqual([{ id: ids[1] }]);
  });

  it('filters with contains, in, ilike, or and not', async () => {
    const byPlatform = await user.client
      .from('post_drafts')
      .select('id')
      .contains('platforms', ['instagram'])
      .order('created_at');
    expect(byPlatform.data).toEqual([{ id: ids[0] }, { id: ids[2] }]);
    const byIds = await user.client
      .from('post_drafts')
      .select('id')
      .in('id', [ids[0]!, ids[2]!])
      .order('created_at');
    expect(byIds.data).toEqual([{ id: ids[0] }, { id: ids[2] }]);
    const byText = await user.client
      .from('post_drafts')
      .select('content')
      .ilike('content', '%EDITED%')
      .order('created_at');
    expect(byText.data).toEqual([{ content: 'first, edited' }, { content: 'second, edited' }]);
    const either = await user.client
      .from('post_drafts')
      .select('content')
      .or('content.eq.third,platforms.cs.{twitter}')
      .order('created_at');
    expect(either.data).toEqual([{ content: 'second, edited' }, { content: 'third' }]);
    const notThird = await user.client
      .from('post_drafts')
      .select('content')
      .not('content', 'eq', 'third')
      .is('deleted_at', null)
      .order('created_at');
    expect(notThird.data).toEqual([{ content: 'first, edited' }, { content: 'second, edited' }]);
  });

  it('deletes by id (204) and the row is gone', async () => {
    const res = await user.client.from('post_drafts').delete().eq('id', ids[2]!);
    expect(res.error).toBeNull();
    expect(res.status).toBe(204);
    expect(
      await dbRows(server, 'select id from public.post_drafts where id = $1', [ids[2]]),
    ).toEqual([]);
    const remaining = await user.client
      .from('post_drafts')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', user.userId);
    expect(remaining.count).toBe(2);
  });

  it('refuses a draft for a user that does not exist with 409 23503', async () => {
    const service = server.serviceClient();
    const { status, error } = await service
      .from('post_drafts')
      .insert({ user_id: randomUUID(), content: 'orphan' });
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: '23503' });
  });

  it('inserts several drafts at once and returns them in order', async () => {
    const { data, error, status } = await user.client
      .from('post_drafts')
      .insert([
        { user_id: user.userId, content: 'bulk 1', platforms: [] },
        { user_id: user.userId, content: 'bulk 2', platforms: ['linkedin'] },
      ])
      .select('content, platforms');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { content: 'bulk 1', platforms: [] },
      { content: 'bulk 2', platforms: ['linkedin'] },
    ]);
  });

  it('sends null for a key some rows of a bulk insert lack, as PostgREST does without missing=default', async () => {
    const { error, status } = await user.client.from('post_drafts').insert([
      { user_id: user.userId, content: 'has no platforms' },
      { user_id: user.userId, content: 'x', platforms: ['linkedin'] },
    ]);
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23502' });
    expect(
      await dbRows(server, "select 1 from public.post_drafts where content = 'has no platforms'"),
    ).toEqual([]);
  });
});

describe('user_social_credentials', () => {
  let user: TestUser;
  let facebookId: string;
  beforeAll(async () => {
    user = await createUser(server);
  });

  const upsert = (
    u: TestUser,
    platform: string,
    credentials: Record<string, string>,
    status = 'pending',
  ) =>
    u.client
      .from('user_social_credentials')
      .upsert(
        {
          user_id: u.userId,
          platform,
          platform_credentials: credentials,
          is_active: true,
          validation_status: status,
        },
        { onConflict: 'user_id,platform' },
      )
      .select()
      .single();

  it('upserts with onConflict user_id,platform: inserts, then updates the same row', async () => {
    const first = await upsert(user, 'facebook', { app_id: '1', app_secret: 's1' });
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    facebookId = first.data!.id as string;
    const second = await upsert(user, 'facebook', { app_id: '2', app_secret: 's2' }, 'valid');
    expect(second.error).toBeNull();
    expect(second.status).toBe(200);
    expect(second.data).toMatchObject({
      id: facebookId,
      // The secret is write-only: the row keeps the app id and whether a secret is stored.
      platform_credentials: { app_id: '2', configured: true },
      validation_status: 'valid',
      version: 2,
    });
    await new Promise((r) => setTimeout(r, 5));
    const linkedin = await upsert(user, 'linkedin', { client_id: 'c', client_secret: 'cs' });
    expect(linkedin.status).toBe(201);
    expect(
      await dbRows(
        server,
        'select platform from public.user_social_credentials where user_id = $1 order by platform',
        [user.userId],
      ),
    ).toEqual([{ platform: 'facebook' }, { platform: 'linkedin' }]);
  });

  it('reads one by user_id and platform where active, with .single()', async () => {
    const { data, error } = await user.client
      .from('user_social_credentials')
      .select('*')
      .eq('user_id', user.userId)
      .eq('platform', 'facebook')
      .eq('is_active', true)
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: facebookId, platform: 'facebook', is_active: true });
  });

  it('reads all active ordered by created_at descending', async () => {
    const { data, error } = await user.client
      .from('user_social_credentials')
      .select('*')
      .eq('user_id', user.userId)
      .eq('is_active', true)
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data!.map((r) => r.platform)).toEqual(['linkedin', 'facebook']);
  });

  it('updates the validation fields by id', async () => {
    const validatedAt = new Date().toISOString();
    const res = await user.client
      .from('user_social_credentials')
      .update({
        validation_status: 'invalid',
        validation_error: 'Invalid App ID',
        last_validated_at: validatedAt,
      })
      .eq('id', facebookId);
    expect(res.error).toBeNull();
    expect(res.status).toBe(204);
    const [row] = await dbRows<{
      validation_status: string;
      validation_error: string;
      last_validated_at: Date;
    }>(
      server,
      'select validation_status, validation_error, last_validated_at from public.user_social_credentials where id = $1',
      [facebookId],
    );
    expect(row).toMatchObject({ validation_status: 'invalid', validation_error: 'Invalid App ID' });
    expect(new Date(row!.last_validated_at).toISOString()).toBe(validatedAt);
  });

  it('deactivates by user_id and platform; the active read then finds nothing', async () => {
    const res = await user.client
      .from('user_social_credentials')
      .update({ is_active: false })
      .eq('user_id', user.userId)
      .eq('platform', 'linkedin');
    expect(res.error).toBeNull();
    expect(res.status).toBe(204);
    const { error, status } = await user.client
      .from('user_social_credentials')
      .select('*')
      .eq('user_id', user.userId)
      .eq('platform', 'linkedin')
      .eq('is_active', true)
      .single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116' });
  });

  it('rejects a platform outside facebook/linkedin with 400 23514', async () => {
    const { status, error } = await upsert(user, 'myspace', { a: 'b' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514' });
  });
});

describe('social_media_accounts', () => {
  let user: TestUser;
  let pageId: string;
  beforeAll(async () => {
    user = await createUser(server);
    const { data, error } = await user.client
      .from('social_media_accounts')
      .insert([
        {
          user_id: user.userId,
          platform: 'facebook',
          platform_account_id: 'p1',
          account_name: 'Bakery page',
          is_active: true,
          permissions: { category: 'Bakery' },
        },
        {
          user_id: user.userId,
          platform: 'facebook',
          platform_account_id: 'p2',
          account_name: 'Old page',
          is_active: false,
          permissions: {},
        },
        {
          user_id: user.userId,
          platform: 'linkedin',
          platform_account_id: 'l1',
          account_name: 'Ada K',
          is_active: true,
          permissions: {},
        },
      ])
      .select('id, platform_account_id');
    if (error) throw new Error(error.message);
    pageId = data!.find((r) => r.platform_account_id === 'p1')!.id as string;
  });

  it('reads by user_id, platform and is_active true', async () => {
    const { data, error } = await user.client
      .from('social_media_accounts')
      .select('*')
      .eq('user_id', user.userId)
      .eq('platform', 'facebook')
      .eq('is_active', true);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]).toMatchObject({
      id: pageId,
      account_name: 'Bakery page',
      permissions: { category: 'Bakery' },
    });
  });

  it('deactivates by id and user_id', async () => {
    const res = await user.client
      .from('social_media_accounts')
      .update({ is_active: false })
      .eq('id', pageId)
      .eq('user_id', user.userId);
    expect(res.error).toBeNull();
    expect(res.status).toBe(204);
    const { count } = await user.client
      .from('social_media_accounts')
      .select('*', { count: 'exact', head: true })
      .eq('user_id', user.userId)
      .eq('platform', 'facebook')
      .eq('is_active', true);
    expect(count).toBe(0);
    expect(
      await dbRows(
        server,
        'select is_active, version from public.social_media_accounts where id = $1',
        [pageId],
      ),
    ).toEqual([{ is_active: false, version: 2 }]);
  });
});

describe('response shapes', () => {
  it('sends Content-Range 0-(n-1)/* on GET and */N on an empty counted HEAD', async () => {
    const user = await createUser(server);
    await user.client
      .from('post_drafts')
      .insert([{ user_id: user.userId }, { user_id: user.userId }]);
    const list = await rest(server, `/post_drafts?select=id&user_id=eq.${user.userId}`, {
      token: user.token,
    });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toBe('0-1/*');
    expect(list.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const empty = await rest(server, `/post_drafts?user_id=eq.${randomUUID()}`, {
      method: 'HEAD',
      token: user.token,
      headers: { Prefer: 'count=exact' },
    });
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-range')).toBe('*/0');
    expect(empty.text).toBe('');
  });

  it('honours limit/offset, the Range header, aliases and casts', async () => {
    const user = await createUser(server);
    await user.client
      .from('post_drafts')
      .insert([1, 2, 3, 4].map((n) => ({ user_id: user.userId, content: `n${n}` })));
    const page = await user.client
      .from('post_drafts')
      .select('text:content, v:version::text')
      .order('content')
      .limit(2)
      .range(1, 2);
    expect(page.data).toEqual([
      { text: 'n2', v: '1' },
      { text: 'n3', v: '1' },
    ]);
    const ranged = await rest(server, '/post_drafts?select=content&order=content.desc', {
      token: user.token,
      headers: { Range: '0-1', 'Range-Unit': 'items' },
    });
    expect(ranged.json).toEqual([{ content: 'n4' }, { content: 'n3' }]);
    expect(ranged.headers.get('content-range')).toBe('0-1/*');
    const beyond = await rest(server, '/post_drafts?offset=10', {
      token: user.token,
      headers: { Prefer: 'count=exact' },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.json).toMatchObject({ code: 'PGRST103' });
  });

  it('answers .single() over several rows as 406 with the row count', async () => {
    const user = await createUser(server);
    await user.client
      .from('post_drafts')
      .insert([{ user_id: user.userId }, { user_id: user.userId }]);
    const { error, status } = await user.client
      .from('post_drafts')
      .select('id')
      .eq('user_id', user.userId)
      .single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
  });

  it('rolls back a singular mutation that touched more than one row', async () => {
    const user = await createUser(server);
    await user.client.from('post_drafts').insert([
      { user_id: user.userId, content: 'keep' },
      { user_id: user.userId, content: 'keep' },
    ]);
    const { status, error } = await user.client
      .from('post_drafts')
      .update({ content: 'changed' })
      .eq('user_id', user.userId)
      .select()
      .single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    expect(
      await dbRows(server, 'select content from public.post_drafts where user_id = $1', [
        user.userId,
      ]),
    ).toEqual([{ content: 'keep' }, { content: 'keep' }]);
  });

  it('stays correct across hundreds of distinct statement shapes', async () => {
    const user = await createUser(server);
    const { data: rows } = await user.client
      .from('post_drafts')
      .insert(
        Array.from({ length: 5 }, (_, i) => ({ user_id: user.userId, content: `shape ${i}` })),
      )
      .select('id');
    const ids = rows!.map((r) => r.id as string);
    for (let n = 1; n <= 300; n++) {
      const wanted = [...ids.slice(0, n % 6), ...Array.from({ length: n }, () => randomUUID())];
      const { data, error } = await user.client.from('post_drafts').select('id').in('id', wanted);
      expect(error).toBeNull();
      expect(data).toHaveLength(n % 6);
    }
  }, 120_000);

  it('inserts with Prefer missing=default and columns= so absent keys take the column default', async () => {
    const user = await createUser(server);
    const { data, error } = await user.client
      .from('post_drafts')
      .insert([{ content: 'a', post_type: 'image' }, { content: 'b' }], { defaultToNull: false })
      .select('content, post_type, user_id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { content: 'a', post_type: 'image', user_id: user.userId },
      { content: 'b', post_type: 'text', user_id: user.userId },
    ]);
  });

  it('ignores duplicates with resolution=ignore-duplicates', async () => {
    const user = await createUser(server);
    await user.client
      .from('user_profiles')
      .insert({ id: user.userId, email: user.email, first_name: 'Kept' });
    const res = await user.client
      .from('user_profiles')
      .upsert(
        { id: user.userId, email: user.email, first_name: 'Ignored' },
        { onConflict: 'id', ignoreDuplicates: true },
      );
    expect(res.error).toBeNull();
    expect(
      await dbRows(server, 'select first_name from public.user_profiles where id = $1', [
        user.userId,
      ]),
    ).toEqual([{ first_name: 'Kept' }]);
  });

  it('works with a session issued by /auth/v1 (the app path end to end)', async () => {
    const { client, userId } = await server.signedInClient();
    const inserted = await client
      .from('post_drafts')
      .insert({ user_id: userId, content: 'from a real session' })
      .select('id')
      .single();
    expect(inserted.error).toBeNull();
    const read = await client
      .from('post_drafts')
      .select('content')
      .eq('id', inserted.data!.id)
      .single();
    expect(read.data).toEqual({ content: 'from a real session' });
  });
});

describe('rpc', () => {
  beforeAll(async () => {
    await server.db.exec(`
      create function public.rest_test_add(a integer, b integer default 10) returns integer language sql as 'select a + b';
      create function public.rest_test_whoami() returns uuid language sql stable as 'select auth.uid()';
      create function public.rest_test_my_drafts(max_rows integer) returns setof public.post_drafts language sql stable
        as 'select * from public.post_drafts order by content limit max_rows';
      create function public.rest_test_touch(tags text[], payload jsonb) returns void language plpgsql
        as 'begin perform set_config(''rest_test.seen'', array_length(tags, 1)::text || payload::text, true); end';
      create function public.rest_test_echo(jsonb) returns jsonb language sql as 'select $1';
      create function public.rest_test_pair(out x integer, out y text) returns record language sql as 'select 1, ''one''';
      create function public.rest_test_fail() returns integer language plpgsql as 'begin raise exception ''nope'' using hint = ''try again''; end';
    `);
    // A name missing from the schema cache triggers a reload at most once a second.
    await new Promise((r) => setTimeout(r, 1100));
  });

  it('calls a function with named arguments and returns a scalar', async () => {
    const anon = server.anonClient();
    expect(await anon.rpc('rest_test_add', { a: 2, b: 3 })).toMatchObject({
      data: 5,
      error: null,
      status: 200,
    });
    expect(await anon.rpc('rest_test_add', { a: 2 })).toMatchObject({ data: 12, error: null });
    expect(await anon.rpc('rest_test_add', { a: 4 }, { get: true })).toMatchObject({
      data: 14,
      error: null,
    });
  });

  it('runs as the caller: auth.uid() is the user of the token', async () => {
    const user = await createUser(server);
    expect((await user.client.rpc('rest_test_whoami')).data).toBe(user.userId);
    expect((await server.anonClient().rpc('rest_test_whoami')).data).toBeNull();
  });

  it('returns a set as an array that row-level security has filtered', async () => {
    const user = await createUser(server);
    await user.client.from('post_drafts').insert([
      { user_id: user.userId, content: 'r1' },
      { user_id: user.userId, content: 'r2' },
    ]);
    const { data, error } = await user.client.rpc('rest_test_my_drafts', { max_rows: 50 });
    expect(error).toBeNull();
    expect((data as { content: string }[]).map((d) => d.content)).toEqual(['r1', 'r2']);
    const one = await user.client.rpc('rest_test_my_drafts', { max_rows: 1 }).single();
    expect(one.data).toMatchObject({ content: 'r1' });
  });

  it('passes arrays and json with their real types, answers void with 204, and takes a whole body', async () => {
    const anon = server.anonClient();
    const touched = await anon.rpc('rest_test_touch', {
      tags: ['a', 'b'],
      payload: { deep: [1, { x: true }] },
    });
    expect(touched).toMatchObject({ error: null, status: 204, data: null });
    const echoed = await anon.rpc('rest_test_echo', { anything: { goes: [1, 2] } });
    expect(echoed.data).toEqual({ anything: { goes: [1, 2] } });
    const pair = await anon.rpc('rest_test_pair');
    expect(pair.data).toEqual({ x: 1, y: 'one' });
  });

  it('answers an unknown function or argument with 404 PGRST202, and a raise with 400', async () => {
    const anon = server.anonClient();
    const unknown = await anon.rpc('rest_test_missing', { a: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'PGRST202' });
    const wrongArg = await anon.rpc('rest_test_add', { c: 1 });
    expect(wrongArg.status).toBe(404);
    expect(wrongArg.error).toMatchObject({ code: 'PGRST202' });
    const raised = await anon.rpc('rest_test_fail');
    expect(raised.status).toBe(400);
    expect(raised.error).toMatchObject({ code: 'P0001', message: 'nope', hint: 'try again' });
    const badValue = await anon.rpc('rest_test_add', { a: 'seven' });
    expect(badValue.status).toBe(400);
    expect(badValue.error).toMatchObject({ code: '22P02' });
  });

  it('sees a table created after start-up', async () => {
    await server.db.exec(`create table public.rest_test_late (id integer primary key, label text);
      grant select on public.rest_test_late to anon;
      insert into public.rest_test_late values (1, 'late');`);
    await new Promise((r) => setTimeout(r, 1100));
    const { data, error } = await clientWith(server, null).from('rest_test_late').select('label');
    expect(error).toBeNull();
    expect(data).toEqual([{ label: 'late' }]);
  });
});
