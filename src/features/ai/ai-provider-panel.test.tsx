// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AiProviderPanel } from './ai-provider-panel';
import { renderWithAiStore, setUpFakeOpenAI } from '../../testing/ai-panel';

const openai = setUpFakeOpenAI('sk-valid-key-123456');

function Where() {
  const location = useLocation();
  return <p>{`at ${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function renderPanel() {
  return renderWithAiStore(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<AiProviderPanel />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

function storeKey(key: string) {
  localStorage.setItem('openai_api_key', key);
  localStorage.setItem('openai_base_url', openai.fake.url);
}

// MUI role queries in jsdom are slow on a busy machine; the default 5 s is too tight.
describe('AiProviderPanel', { timeout: 20_000 }, () => {
  it('starts on ChatGPT, shown as Disconnected, offering all five providers', () => {
    renderPanel();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'chatgpt',
      'perplexity',
      'grok',
      'gemini',
      'custom',
    ]);
    expect(screen.getByRole('radio', { name: 'ChatGPT' })).toBeChecked();
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
  });

  it('tests the connection and shows the success text and the Connected badge', async () => {
    storeKey('sk-valid-key-123456');
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(
      await screen.findByText('Connection successful! You can now generate posts with ChatGPT.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(openai.fake.requests).toHaveLength(1);
  });

  it('says the key is invalid when the server refuses it', async () => {
    storeKey('sk-wrong-key-000000');
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(
      await screen.findByText('Invalid API key. Please check your OpenAI API key in Settings.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('says the connection failed when the server errors', async () => {
    storeKey('sk-valid-key-123456');
    openai.fake.setMode({ kind: 'server-error' });
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(
      await screen.findByText(
        'Connection failed. Please check your internet connection and API key.',
      ),
    ).toBeInTheDocument();
  });

  it('without a key, says it is not configured and links to the settings', async () => {
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(
      await screen.findByText(
        'OpenAI API key not configured. Please add your API key in Settings.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Open Settings' }));
    expect(screen.getByText('at /settings {"tab":"integrations"}')).toBeInTheDocument();
    expect(openai.fake.requests).toHaveLength(0);
  });

  it('tests Perplexity on its own, with its own badge and texts', async () => {
    storeKey('sk-valid-key-123456');
    const { user, store } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    await screen.findByText('Connected');
    await user.click(screen.getByRole('radio', { name: 'Perplexity' }));
    expect(store.getState().ai.provider).toBe('perplexity');
    expect(screen.getByText('Disconnected')).toBeInTheDocument();
    // The note under the choice, with Settings as a link to the AI settings.
    const settings = await screen.findByRole('link', { name: 'Settings' });
    expect(settings.parentElement).toHaveTextContent(
      'Perplexity API key not configured. Please add your API key in Settings.',
    );

    localStorage.setItem(
      'ai_provider_perplexity',
      JSON.stringify({
        apiKey: 'sk-valid-key-123456',
        baseURL: openai.fake.url,
        model: 'sonar',
        keyLocation: 'device',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(
      await screen.findByText('Connection successful! You can now generate posts with Perplexity.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(openai.fake.chatBodies().at(-1)).toMatchObject({ model: 'sonar' });

    openai.fake.setMode({ kind: 'rate-limited' });
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(
      await screen.findByText(
        'Perplexity is limiting requests right now. Please wait a minute and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'ChatGPT' }));
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it('goes to /create from Generate Post', async () => {
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Generate Post' }));
    expect(screen.getByText('at /create null')).toBeInTheDocument();
  });
});
