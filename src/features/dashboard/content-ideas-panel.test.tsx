// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { startFakeOpenAI, type FakeOpenAI } from '../../../tests/fixtures/fake-openai';
import { makeStore } from '../../app/store';
import { openAppDb, setAppDb, type AppDb } from '../../lib/db';
import { ideasMessages } from '../ai';
import { signedIn } from '../auth';
import { loadContentIdeas, sampleIdeaId, selectAllIdeas } from '../ideas';
import { connectivityChanged } from '../sync';
import {
  ContentIdeasPanel,
  GENERATE_IDEAS,
  IDEA_SAVED,
  IDEA_UNSAVED,
  IDEAS_KEY_FOR_NEW,
  IDEAS_NEED_KEY,
  IDEAS_OFFLINE,
  ideasNeedKeyText,
} from './content-ideas-panel';
import { CONTENT_IDEAS } from './sample-data';
import { SAVED_IDEA_KEY, readSavedIdeas, saveIdea } from './saved-ideas';

const USER_ID = '2c4e6a8b-1d3f-4a5b-8c7d-9e0f1a2b3c4d';
const KEY = 'sk-unit-ideas-key-123456';

const IDEAS_REPLY = JSON.stringify({
  ideas: [
    { title: 'Pumpkin loaf week', description: 'Seasonal bakes.', type: 'trending', score: 93 },
    {
      title: 'Meet the bakers',
      description: 'Faces behind the bread.',
      type: 'recommended',
      score: 87,
    },
    {
      title: 'Crumb close-ups',
      description: 'The crumb, up close.',
      type: 'ai-generated',
      score: 150,
    },
    { title: 'Viral dance', description: 'Not for a bakery.', type: 'viral', score: 99 },
    { title: 'Sourdough class', description: 'Teach a class.', type: 'ai-generated', score: 75 },
  ],
});

let fake: FakeOpenAI;
let db: AppDb;

async function renderPanel(options: { offline?: boolean } = {}) {
  const store = makeStore();
  store.dispatch(
    signedIn({ id: USER_ID, email: 'rose@example.com', firstName: 'Rose', lastName: 'Baker' }),
  );
  await store.dispatch(loadContentIdeas(USER_ID, db));
  if (options.offline) store.dispatch(connectivityChanged({ online: false }));
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <MemoryRouter>
        <ContentIdeasPanel />
      </MemoryRouter>
    </Provider>,
  );
  return { store, user, panel: screen.getByRole('region', { name: 'Content Ideas' }) };
}

function useKey() {
  localStorage.setItem('openai_api_key', KEY);
  localStorage.setItem('openai_base_url', fake.url);
}

const items = (panel: HTMLElement) => within(panel).queryAllByRole('listitem');
const titles = (panel: HTMLElement) =>
  items(panel).map((item) => within(item).getByRole('heading').textContent);

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  db = openAppDb(`ideas-panel-${crypto.randomUUID()}`);
  setAppDb(db);
  localStorage.clear();
  fake.reset();
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  setAppDb(undefined);
  await db.delete();
});

describe('ContentIdeasPanel', { timeout: 60_000 }, () => {
  it('shows the sample ideas as samples without a key, with filters and scores', async () => {
    const { user, panel } = await renderPanel();
    expect(within(panel).getByText('Sample data')).toBeInTheDocument();
    expect(panel).toHaveTextContent(IDEAS_NEED_KEY);
    expect(within(panel).queryByRole('button', { name: GENERATE_IDEAS })).not.toBeInTheDocument();
    expect(titles(panel)).toEqual(CONTENT_IDEAS.map((idea) => idea.title));
    await user.click(await within(panel).findByRole('tab', { name: 'Trending' }));
    expect(titles(panel)).toEqual(['Local community event recap', 'Industry trend take']);
    expect(items(panel)[0]).toHaveTextContent('Score 85');
    expect(
      within(panel).getByRole('link', { name: 'Create Post: Industry trend take' }),
    ).toHaveAttribute('href', '/create?idea=Industry+trend+take');
  });

  it('saves a sample idea as a synced idea of the user, lists it under Saved, and unsaves it', async () => {
    const { store, user, panel } = await renderPanel();
    const save = within(panel).getByRole('button', { name: 'Save Meet the team Monday' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText(IDEA_SAVED)).toBeInTheDocument();
    expect(save).toHaveTextContent('Saved');
    expect(save).toHaveAttribute('aria-pressed', 'true');

    const id = await sampleIdeaId(USER_ID, 'idea-2');
    expect(await db.contentIdeas.get(id)).toMatchObject({
      userId: USER_ID,
      title: 'Meet the team Monday',
      sampleKey: 'idea-2',
      saved: true,
    });
    expect((await db.outbox.toArray()).map((e) => [e.entity, e.entityId, e.op])).toEqual([
      ['content_ideas', id, 'upsert'],
    ]);
    // Nothing goes to local storage any more.
    expect(localStorage.getItem(SAVED_IDEA_KEY)).toBeNull();

    await user.click(await within(panel).findByRole('tab', { name: 'Saved' }));
    expect(titles(panel)).toEqual(['Meet the team Monday']);
    expect(within(items(panel)[0]!).getByText('Sample data')).toBeInTheDocument();
    await user.click(
      within(panel).getByRole('button', { name: 'Remove Meet the team Monday from saved ideas' }),
    );
    expect(await screen.findByText(IDEA_UNSAVED)).toBeInTheDocument();
    await waitFor(() => expect(items(panel)).toHaveLength(0));
    expect(panel).toHaveTextContent('No saved ideas yet.');
    expect(selectAllIdeas(store.getState())[0]).toMatchObject({ saved: false, savedAt: null });
  });

  it('generates ideas with one request, shows the batch, and saves one of them', async () => {
    useKey();
    await db.onboardingData.put({
      id: USER_ID,
      userId: USER_ID,
      businessName: 'Rose Bakery',
      businessType: 'food-beverage',
      location: 'Lyon',
      primaryGoal: 'awareness',
      targetAudience: 'consumers',
      postingFrequency: 'daily',
      contentPreferences: [],
      answers: {},
      completedAt: null,
      updatedAt: null,
      version: 1,
    });
    fake.enqueue({ kind: 'text', text: IDEAS_REPLY });
    const { user, panel } = await renderPanel();
    expect(panel).not.toHaveTextContent(IDEAS_NEED_KEY);
    const generate = within(panel).getByRole('button', { name: GENERATE_IDEAS });
    await waitFor(() => expect(generate).toBeEnabled());
    await user.click(generate);

    // One HTTP round trip and a Dexie write: slow on a busy machine.
    await waitFor(() => expect(titles(panel)).toContain('Pumpkin loaf week'), { timeout: 20_000 });
    // Best score first; the unknown type is dropped and the score above 100 clamped.
    expect(titles(panel)).toEqual([
      'Crumb close-ups',
      'Pumpkin loaf week',
      'Meet the bakers',
      'Sourdough class',
    ]);
    expect(items(panel)[0]).toHaveTextContent('Score 100');
    expect(within(panel).queryByText('Sample data')).not.toBeInTheDocument();
    expect(fake.requests).toHaveLength(1);
    expect(fake.chatBodies()[0]?.messages[1]?.content).toContain('- Business name: Rose Bakery');
    expect(await db.contentIdeas.count()).toBe(4);

    await user.click(await within(panel).findByRole('tab', { name: 'AI Generated' }));
    expect(titles(panel)).toEqual(['Crumb close-ups', 'Sourdough class']);
    await user.click(within(panel).getByRole('button', { name: 'Save Sourdough class' }));
    expect(await screen.findByText(IDEA_SAVED)).toBeInTheDocument();
    await user.click(within(panel).getByRole('tab', { name: 'Saved' }));
    expect(titles(panel)).toEqual(['Sourdough class']);
    const saved = (await db.contentIdeas.toArray()).filter((idea) => idea.saved);
    expect(saved.map((idea) => [idea.title, idea.type, idea.score])).toEqual([
      ['Sourdough class', 'ai-generated', 75],
    ]);
  });

  it('without a key, shows the ideas generated on another device instead of the samples', async () => {
    await db.contentIdeas.put({
      id: '7a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
      userId: USER_ID,
      title: 'Croissant of the month',
      description: 'A new filling every month.',
      type: 'recommended',
      score: 82,
      saved: false,
      savedAt: null,
      batchId: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
      sampleKey: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      version: 1,
    });
    const { panel } = await renderPanel();
    expect(titles(panel)).toEqual(['Croissant of the month']);
    expect(within(panel).queryByText('Sample data')).not.toBeInTheDocument();
    expect(panel).toHaveTextContent(IDEAS_KEY_FOR_NEW);
    expect(panel).not.toHaveTextContent(IDEAS_NEED_KEY);
    expect(within(panel).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('says what went wrong and keeps nothing when the reply has no usable ideas', async () => {
    useKey();
    fake.enqueue({ kind: 'text', text: '{"ideas": [{"title": "Half an id' });
    const { user, panel } = await renderPanel();
    const generate = within(panel).getByRole('button', { name: GENERATE_IDEAS });
    await waitFor(() => expect(generate).toBeEnabled());
    await user.click(generate);
    expect(await within(panel).findByRole('alert', {}, { timeout: 20_000 })).toHaveTextContent(
      ideasMessages.unusable,
    );
    expect(await db.contentIdeas.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(titles(panel)).toEqual(CONTENT_IDEAS.map((idea) => idea.title));

    fake.enqueue({ kind: 'server-error' }, { kind: 'server-error' });
    await user.click(generate);
    await waitFor(
      () => expect(within(panel).getByRole('alert')).toHaveTextContent(ideasMessages.failed),
      { timeout: 20_000 },
    );
    expect(await db.contentIdeas.count()).toBe(0);
  });

  it('offline, the generate button is off and says why, without calling the model', async () => {
    useKey();
    const { panel } = await renderPanel({ offline: true });
    expect(within(panel).getByRole('button', { name: GENERATE_IDEAS })).toBeDisabled();
    expect(panel).toHaveTextContent(IDEAS_OFFLINE);
    expect(fake.requests).toHaveLength(0);
  });

  it('brings ideas saved in local storage over to the synced ideas once, leaving other users’ entries', async () => {
    const [first, second] = CONTENT_IDEAS;
    saveIdea(first!, USER_ID);
    saveIdea(second!, 'someone-else');
    const { panel } = await renderPanel();
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: `Save ${first!.title}` })).toHaveTextContent(
        'Saved',
      ),
    );
    const id = await sampleIdeaId(USER_ID, first!.id);
    await waitFor(async () =>
      expect(await db.contentIdeas.get(id)).toMatchObject({ saved: true, sampleKey: first!.id }),
    );
    await waitFor(() => expect(readSavedIdeas(USER_ID)).toEqual([]));
    expect(readSavedIdeas('someone-else').map((idea) => idea.id)).toEqual([second!.id]);
    expect(within(panel).getByRole('button', { name: `Save ${second!.title}` })).toHaveTextContent(
      'Save',
    );
  });
});

describe('ideasNeedKeyText', () => {
  it('names what each provider still needs, in the spec’s words for OpenAI', () => {
    expect(ideasNeedKeyText('chatgpt', true)).toBe(IDEAS_NEED_KEY);
    expect(ideasNeedKeyText('chatgpt', false)).toBe(IDEAS_KEY_FOR_NEW);
    expect(ideasNeedKeyText('perplexity', true)).toBe(
      'These are sample ideas. To get ideas for your business, add your Perplexity API key in Settings.',
    );
    expect(ideasNeedKeyText('grok', false)).toBe(
      'To generate new ideas, add your xAI API key in Settings.',
    );
    expect(ideasNeedKeyText('custom', false)).toBe(
      'To generate new ideas, set up your custom model in Settings.',
    );
  });
});
