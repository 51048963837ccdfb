// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { FAKE_POST, startFakeOpenAI, type FakeOpenAI } from '../../../tests/fixtures/fake-openai';
import { makeStore } from '../../app/store';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { providerChosen, selectAiProvider } from '../ai';
import { selectAllAiPosts } from '../ai-posts';
import { signedIn } from '../auth';
import { loadDrafts, saveDraft } from '../drafts';
import { loadPublishing, POST_LOCKED_MESSAGE, schedulePost } from '../publishing';
import { initialSyncState } from '../sync';
import { composeWarnings } from './compose-initial';
import { preloadPostExtras } from './compose-form';
import CreatePostPage from './create-post-page';
import { updatePostTexts } from './use-update-post';

const USER_ID = '5b0f3c1e-8a57-4c1f-9d7e-0a1b2c3d4e5f';
const KEY = 'sk-unit-valid-key-123456';

let fake: FakeOpenAI;
let db: AppDb;

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

async function renderCreate(path = '/create') {
  const store = makeStore();
  store.dispatch(
    signedIn({ id: USER_ID, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }),
  );
  // As the app: the page reads the device's drafts itself, and only to open one.
  return Promise.resolve(renderCreateWith(store, path));
}

function renderCreateWith(store: ReturnType<typeof makeStore>, path = '/create') {
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/create" element={<CreatePostPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Provider>,
  );
  return { store, user };
}

function content() {
  return screen.getAllByRole('textbox', { name: 'Post content' })[0]!;
}

beforeAll(async () => {
  // As after a first visit: the form's cards come at once rather than after their code.
  await preloadPostExtras();
  fake = await startFakeOpenAI({ apiKey: KEY });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  db = openAppDb(`compose-test-${crypto.randomUUID()}`);
  setAppDb(db);
  localStorage.clear();
  fake.reset();
});

afterEach(async () => {
  cleanup();
  setAppDb(undefined);
  await db.delete();
});

// MUI role queries in jsdom are slow on a busy machine; the default 5 s is too tight.
describe('/create', { timeout: 30_000 }, () => {
  it('saves a new draft on the device, then updates the same draft in place', async () => {
    const { store, user } = await renderCreate();
    await user.click(content());
    await user.paste('Spring menu is live today');
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(
      await screen.findByText(
        'Your draft has been saved! You can find it in your drafts folder and continue editing anytime.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Edit Draft Post');

    const [row] = await db.drafts.toArray();
    expect(row).toMatchObject({
      userId: USER_ID,
      content: 'Spring menu is live today',
      platforms: ['facebook', 'twitter'],
      postType: 'text',
      status: 'draft',
    });
    expect(await db.outbox.count()).toBe(1);
    await waitFor(() =>
      expect(screen.getByText(`at /create?editDraft=${row!.id}`)).toBeInTheDocument(),
    );
    // The address now names the draft, which is not in the store: it is not missing either.
    expect(screen.queryByText(composeWarnings.draftNotFound)).not.toBeInTheDocument();

    await user.click(content());
    await user.paste(' with new desserts');
    await user.click(screen.getByRole('button', { name: 'Update Draft' }));
    expect(
      await screen.findByText('Your draft has been updated successfully!'),
    ).toBeInTheDocument();
    const rows = await db.drafts.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: row!.id,
      content: 'Spring menu is live today with new desserts',
    });
    // A new post never needed the device's drafts: the form stayed open through both saves, and
    // nothing read them.
    expect(store.getState().drafts.userId).toBeNull();
  });

  it('brings the generate error into view, with Settings as a link to the AI key', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const { user } = await renderCreate();
      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Content prompt' }),
        'Industry news',
      );
      await user.click(screen.getByRole('button', { name: 'Generate with ChatGPT' }));
      const box = await screen.findByRole('alert');
      expect(box).toHaveTextContent(
        'OpenAI API key not configured. Please add your API key in Settings.',
      );
      await waitFor(() => expect(scrolled).toContain(box));
      const link = within(box).getByRole('link', { name: 'Settings' });
      expect(link).toHaveAttribute('href', '/settings');
      await user.click(link);
      expect(await screen.findAllByText('at /settings')).not.toHaveLength(0);
    } finally {
      // jsdom has no scrollIntoView of its own.
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('closes a warning once its problem is fixed, and before the scheduled announcement', async () => {
    const { user } = await renderCreate();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Please add some content before saving.')).toBeInTheDocument();

    await user.click(content());
    await user.paste('Fresh bread every morning');
    await waitFor(() =>
      expect(screen.queryByText('Please add some content before saving.')).not.toBeInTheDocument(),
    );

    // Unpressing both platforms: the save warning names the platforms until one is back.
    await user.click(screen.getByRole('button', { name: 'Facebook' }));
    await user.click(screen.getByRole('button', { name: 'Twitter' }));
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(
      await screen.findByText('Please select at least one platform before saving.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'LinkedIn' }));
    await waitFor(() =>
      expect(
        screen.queryByText('Please select at least one platform before saving.'),
      ).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'LinkedIn' }));
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(
      await screen.findByText('Please select at least one platform before saving.'),
    ).toBeInTheDocument();
    // Scheduling with a platform chosen again: only the announcement is left on screen.
    await user.click(screen.getByRole('button', { name: 'Instagram' }));
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));
    expect(await screen.findByRole('dialog', { name: 'Scheduled' })).toHaveTextContent(
      'Post scheduled successfully!',
    );
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('a newer warning replaces the older one', async () => {
    const { user } = await renderCreate();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Please add some content before saving.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));
    expect(await screen.findByText('Please add content before scheduling')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('Please add some content before saving.')).not.toBeInTheDocument(),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it("keeps its provider apart from the dashboard's; a post written by hand has none", async () => {
    const { store } = await renderCreate();
    store.dispatch(providerChosen('perplexity'));
    cleanup();
    const again = await renderCreateWith(store);
    expect(screen.getByRole('radio', { name: 'ChatGPT' })).toBeChecked();
    await again.user.click(screen.getByRole('radio', { name: 'Perplexity' }));
    await again.user.click(screen.getByRole('radio', { name: 'ChatGPT' }));
    expect(selectAiProvider(store.getState())).toBe('perplexity');

    await again.user.click(content());
    await again.user.paste('Written by hand, no AI involved');
    await again.user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText(/Your draft has been saved!/)).toBeInTheDocument();
    const [row] = await db.drafts.toArray();
    expect(row).toMatchObject({ content: 'Written by hand, no AI involved', aiProvider: null });
  });

  it('Approve & Schedule says what happened and what is next', async () => {
    const { user } = await renderCreate(
      `/create?aiContent=${encodeURIComponent('Warm bread at 7 every morning')}`,
    );
    await user.click(screen.getByRole('button', { name: 'Review & Edit' }));
    const modal = await screen.findByRole('dialog', { name: 'Review Post' });
    await user.click(within(modal).getByRole('button', { name: 'Approve & Schedule' }));
    expect(
      await screen.findByText(
        'Post approved. Check the date and time under Publish time, then press Schedule Post.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
  });

  it('loads the draft named by editDraft, with its post type and schedule', async () => {
    const store = makeStore();
    store.dispatch(
      signedIn({ id: USER_ID, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }),
    );
    await store.dispatch(loadDrafts(USER_ID, db));
    const draft = await store.dispatch(
      saveDraft(
        {
          content: 'Carousel of our cakes',
          platforms: ['instagram'],
          postType: 'carousel',
          prompt: 'Give a behind-the-scenes look at our business',
          aiProvider: 'openai',
          scheduledFor: new Date(2031, 4, 4, 8, 15).toISOString(),
        },
        db,
      ),
    );
    cleanup();
    await renderCreate(`/create?editDraft=${draft.id}`);
    // The page reads the device's drafts to open this one.
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Edit Draft Post');
    expect(content()).toHaveValue('Carousel of our cakes');
    // The type tabs come a commit after the text, into the room kept for them; the cards under the
    // text then come one commit after another.
    expect(await screen.findByRole('tab', { name: 'Carousel' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('radio', { name: 'Schedule for later' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Instagram' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Facebook' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('combobox', { name: 'Content prompt' })).toHaveDisplayValue(
      'Behind-the-scenes',
    );
    expect(screen.getByLabelText('Date')).toHaveValue('2031-05-04');
    expect(screen.getByLabelText('Time')).toHaveValue('08:15');
    expect(screen.getByRole('radio', { name: 'ChatGPT' })).toBeChecked();
  });

  it("shows the spec's failure text when the device cannot save", async () => {
    const { user } = await renderCreate();
    await user.click(content());
    await user.paste('A post that cannot be stored');
    db.close();
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(
      await screen.findByText(
        "Oops! We couldn't save your changes right now. Please try again in a moment.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create New Post');
  });

  it('suggests hashtags with the chosen provider and adds only the new ones', async () => {
    localStorage.setItem('openai_api_key', KEY);
    localStorage.setItem('openai_base_url', fake.url);
    const { user } = await renderCreate();
    const suggest = screen.getByRole('button', { name: 'Suggest Hashtags with ChatGPT' });
    expect(suggest).toBeDisabled();
    expect(suggest).toHaveAccessibleDescription(
      'Write or generate the post first, then ask for hashtags.',
    );

    await user.click(content());
    await user.paste('Fresh rye bread today #bakery');
    fake.enqueue({ kind: 'text', text: '#Bakery #RyeBread #ShopLocal' });
    await user.click(suggest);
    await waitFor(() =>
      expect(content()).toHaveValue('Fresh rye bread today #bakery\n\n#RyeBread #ShopLocal'),
    );
    const body = fake.chatBodies().at(-1)!;
    expect(body).toMatchObject({ model: 'gpt-3.5-turbo', temperature: 0.5, max_tokens: 200 });
    expect(body.messages.at(-1)!.content).toContain('Fresh rye bread today #bakery');
    // The hashtag chips follow the text a moment later (a deferred render).
    expect(
      await screen.findByRole('button', { name: '#RyeBread, press Delete to remove' }),
    ).toBeInTheDocument();

    // Nothing new, then a failed call: said next to the button, the text left as it was.
    fake.enqueue({ kind: 'text', text: '#ryebread #bakery' });
    await user.click(screen.getByRole('button', { name: 'Suggest Hashtags with ChatGPT' }));
    expect(
      await screen.findByText('The suggested hashtags are already in your post.'),
    ).toBeInTheDocument();
    fake.setMode({ kind: 'server-error' });
    await user.click(screen.getByRole('button', { name: 'Suggest Hashtags with ChatGPT' }));
    expect(
      await screen.findByText(
        'No hashtags could be suggested right now. Please try again.',
        {},
        {
          timeout: 10_000,
        },
      ),
    ).toBeInTheDocument();
    expect(content()).toHaveValue('Fresh rye bread today #bakery\n\n#RyeBread #ShopLocal');
  });

  it('records a generated post for review and applies a revision through the review modal', async () => {
    localStorage.setItem('openai_api_key', KEY);
    localStorage.setItem('openai_base_url', fake.url);
    const { store, user } = await renderCreate();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Content prompt' }),
      'Industry news',
    );
    await user.click(screen.getByRole('button', { name: 'Generate with ChatGPT' }));
    await waitFor(
      () =>
        expect(content()).toHaveValue(`${FAKE_POST.content}\n\n${FAKE_POST.hashtags.join(' ')}`),
      { timeout: 10_000 },
    );
    await waitFor(() => expect(selectAllAiPosts(store.getState())).toHaveLength(1));
    const [stored] = await db.table('aiPosts').toArray();
    expect(stored).toMatchObject({
      status: 'pending-review',
      prompt: 'Comment on recent industry news',
    });

    fake.enqueue({ kind: 'text', text: 'A shorter take on the news.' });
    await user.click(screen.getByRole('button', { name: 'Review & Edit' }));
    const modal = await screen.findByRole('dialog', { name: 'Review Post' });
    await user.click(within(modal).getByRole('button', { name: 'Request Revision' }));
    await user.type(within(modal).getByRole('textbox', { name: 'Feedback for AI' }), 'Shorter');
    await user.click(within(modal).getByRole('button', { name: 'Send Feedback' }));
    await waitFor(() =>
      expect(within(modal).getByRole('textbox', { name: 'Post content' })).toHaveValue(
        'A shorter take on the news.',
      ),
    );
    // Revised by the AI, the post is back for review.
    expect(await db.table('aiPosts').get(stored.id)).toMatchObject({
      status: 'pending-review',
      content: 'A shorter take on the news.',
      feedback: 'Shorter',
    });
    await user.click(within(modal).getByRole('button', { name: 'Reject' }));
    await user.click(within(modal).getByRole('button', { name: 'Confirm Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await db.table('aiPosts').get(stored.id)).status).toBe('rejected');
  });

  it('refuses a past time, then schedules an edited draft under its id', async () => {
    const store = makeStore();
    store.dispatch(
      signedIn({ id: USER_ID, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }),
    );
    await store.dispatch(loadDrafts(USER_ID, db));
    const draft = await store.dispatch(
      saveDraft(
        {
          content: 'Cakes for the weekend',
          platforms: ['instagram'],
          postType: 'text',
          scheduledFor: new Date(2020, 4, 4, 8, 15).toISOString(),
        },
        db,
      ),
    );
    cleanup();
    const { user } = renderCreateWith(store, `/create?editDraft=${draft.id}`);
    expect(screen.getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));
    expect(await screen.findByText('Please choose a time in the future.')).toBeInTheDocument();
    expect(await db.scheduledPosts.count()).toBe(0);

    const date = screen.getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2031-05-04');
    await user.click(content());
    await user.paste(' and Sunday');
    await user.click(screen.getByRole('button', { name: 'Schedule Post' }));
    expect(await screen.findByRole('dialog', { name: 'Scheduled' })).toHaveTextContent(
      'Post scheduled successfully!',
    );
    const posts = await db.scheduledPosts.toArray();
    expect(posts).toEqual([
      expect.objectContaining({
        draftId: draft.id,
        content: 'Cakes for the weekend and Sunday',
        platforms: ['instagram'],
        publishMode: 'schedule',
        scheduledFor: new Date(2031, 4, 4, 8, 15).toISOString(),
      }),
    ]);
    expect((await db.drafts.get(draft.id))?.status).toBe('scheduled');
    await waitFor(() =>
      expect(screen.queryByText('Please choose a time in the future.')).not.toBeInTheDocument(),
    );
  });
});

describe('/create?editPost= a scheduled post, and /create?date=', { timeout: 30_000 }, () => {
  async function storeWithPost(
    preloaded?: Parameters<typeof makeStore>[0],
    id: string = crypto.randomUUID(),
  ) {
    const store = makeStore(preloaded);
    store.dispatch(
      signedIn({ id: USER_ID, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }),
    );
    await store.dispatch(loadDrafts(USER_ID, db));
    await store.dispatch(loadPublishing(USER_ID, db));
    const post = await store.dispatch(
      schedulePost(
        {
          id,
          content: 'Bread for the weekend',
          platforms: ['instagram'],
          scheduledFor: new Date(2031, 4, 4, 8, 15).toISOString(),
          publishMode: 'schedule',
        },
        db,
      ),
    );
    return { store, post };
  }

  it('opens the post with its time, saves a new time through the outbox, then goes to the calendar', async () => {
    const { store, post } = await storeWithPost();
    const { user } = renderCreateWith(store, `/create?editPost=${post.id}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Edit Scheduled Post');
    expect(content()).toHaveValue('Bread for the weekend');
    expect(screen.getByRole('button', { name: 'Instagram' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
    expect(screen.getByLabelText('Date')).toHaveValue('2031-05-04');
    expect(screen.getByLabelText('Time')).toHaveValue('08:15');
    // Saved in place: no draft copy of a scheduled post.
    expect(screen.queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Schedule Post' })).not.toBeInTheDocument();

    const time = screen.getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '09:45');
    await user.click(content());
    await user.paste(' and Monday');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    const done = await screen.findByRole('dialog', { name: updatePostTexts.title });
    expect(done).toHaveTextContent(updatePostTexts.updated);

    const newTime = new Date(2031, 4, 4, 9, 45).toISOString();
    expect(await db.scheduledPosts.toArray()).toEqual([
      expect.objectContaining({
        id: post.id,
        content: 'Bread for the weekend and Monday',
        scheduledFor: newTime,
        publishMode: 'schedule',
      }),
    ]);
    const queued = (await db.outbox.toArray()).filter((e) => e.entityId === post.id);
    expect(queued.at(-1)?.data).toMatchObject({
      content: 'Bread for the weekend and Monday',
      scheduled_for: newTime,
    });
    expect(await db.drafts.count()).toBe(0);

    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(await screen.findAllByText('at /calendar')).not.toHaveLength(0);
  });

  it('refuses an emptied text or a new time in the past, saving nothing', async () => {
    const { store, post } = await storeWithPost();
    const { user } = renderCreateWith(store, `/create?editPost=${post.id}`);
    await user.clear(content());
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText('Please add content before scheduling')).toBeInTheDocument();

    await user.click(content());
    await user.paste('Bread for Sunday');
    const date = screen.getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2020-05-04');
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText('Please choose a time in the future.')).toBeInTheDocument();
    expect(await db.scheduledPosts.get(post.id)).toMatchObject({
      content: 'Bread for the weekend',
      scheduledFor: post.scheduledFor,
    });
  });

  it('shows a post whose publishing has started read-only, saying why', async () => {
    const { store, post } = await storeWithPost();
    await db.publishTargets.put({
      id: crypto.randomUUID(),
      userId: USER_ID,
      postId: post.id,
      platform: 'instagram',
      accountId: null,
      accountName: null,
      kind: 'manual',
      status: 'reminder',
      dueAt: post.scheduledFor,
      attempts: 0,
      claimedAt: null,
      remoteId: null,
      permalink: null,
      errorCode: null,
      errorMessage: null,
      publishedAt: null,
      version: 1,
      updatedAt: post.updatedAt,
    });
    await store.dispatch(loadPublishing(USER_ID, db));
    const { user } = renderCreateWith(store, `/create?editPost=${post.id}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Edit Scheduled Post');
    expect(screen.getByText(POST_LOCKED_MESSAGE)).toBeInTheDocument();
    expect(content()).toHaveValue('Bread for the weekend');
    expect(content()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Instagram' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Schedule for later' })).toBeDisabled();
    expect(screen.getByLabelText('Date')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update Post' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Calendar' }));
    expect(await screen.findAllByText('at /calendar')).not.toHaveLength(0);
  });

  it('turns read-only when the server refused a change because publishing started', async () => {
    const id = crypto.randomUUID();
    const refusal = {
      seq: 1,
      entity: 'scheduled_posts',
      entityId: id,
      op: 'upsert' as const,
      error: {
        kind: 'rejected' as const,
        code: 'P0001',
        message: POST_LOCKED_MESSAGE,
        status: 400,
      },
      createdAt: Date.now(),
    };
    const { store, post } = await storeWithPost(
      { sync: { ...initialSyncState, parked: [refusal] } },
      id,
    );
    renderCreateWith(store, `/create?editPost=${post.id}`);
    expect(screen.getByText(POST_LOCKED_MESSAGE)).toBeInTheDocument();
    expect(content()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update Post' })).not.toBeInTheDocument();
  });

  it('says so when the post is not on this device, and offers a new post', async () => {
    const { store } = await storeWithPost();
    renderCreateWith(store, '/create?editPost=2f1e7a56-0000-4000-8000-000000000000');
    expect(screen.getByText(composeWarnings.postNotFound)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create New Post');
    expect(content()).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Schedule Post' })).toBeInTheDocument();
  });

  it('waits for the scheduled posts to load before deciding', async () => {
    const { post } = await storeWithPost();
    const store = makeStore();
    store.dispatch(
      signedIn({ id: USER_ID, email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }),
    );
    await store.dispatch(loadDrafts(USER_ID, db));
    renderCreateWith(store, `/create?editPost=${post.id}`);
    expect(screen.queryByText(composeWarnings.postNotFound)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await act(() => store.dispatch(loadPublishing(USER_ID, db)));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Edit Scheduled Post',
    );
    expect(content()).toHaveValue('Bread for the weekend');
  });

  it('presets Schedule for later on the day named by date, and ignores a past or bad one', async () => {
    await renderCreate('/create?date=2031-05-04');
    expect(screen.getByRole('radio', { name: 'Schedule for later' })).toBeChecked();
    expect(screen.getByLabelText('Date')).toHaveValue('2031-05-04');
    expect(screen.getByLabelText('Time')).toHaveValue('10:30');
    cleanup();

    for (const bad of ['2020-05-04', '2031-02-30', 'tomorrow']) {
      await renderCreate(`/create?date=${bad}`);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create New Post');
      expect(screen.getByRole('radio', { name: 'Publish now' })).toBeChecked();
      cleanup();
    }
  });
});
