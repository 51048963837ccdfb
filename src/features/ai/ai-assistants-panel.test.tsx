// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { startFakeOpenAI } from '../../../tests/fixtures/fake-openai';
import { AiAssistantsPanel } from './ai-assistants-panel';
import { renderWithAiStore, setUpFakeOpenAI } from '../../testing/ai-panel';
import { selectConnectionStatus, selectProviderConfigured } from './ai-slice';
import { aiProviders } from './providers';

const openai = setUpFakeOpenAI('sk-valid-key-123456');

function renderPanel() {
  return renderWithAiStore(<AiAssistantsPanel />);
}

function card(name: string) {
  return screen.getByRole('region', { name });
}

// MUI role queries in jsdom are slow on a busy machine; the default 5 s is too tight.
describe('AiAssistantsPanel', { timeout: 20_000 }, () => {
  it('shows five cards, ChatGPT first, with labelled fields and each provider’s defaults', () => {
    renderPanel();
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(['ChatGPT', 'Perplexity', 'Grok', 'Gemini', 'Custom (OpenAI-compatible)']);
    const chatgpt = card('ChatGPT');
    expect(within(chatgpt).getByLabelText(/^OpenAI API Key/)).toHaveAttribute('type', 'password');
    expect(within(chatgpt).getByLabelText(/^OpenAI API Key/)).toBeRequired();
    expect(
      within(chatgpt).getByRole('textbox', { name: 'Organization ID (optional)' }),
    ).toHaveValue('');
    expect(within(chatgpt).getByRole('textbox', { name: 'API Base URL' })).toHaveValue(
      'https://api.openai.com/v1',
    );
    expect(within(chatgpt).getByRole('textbox', { name: 'Model' })).toHaveValue('gpt-4');
    for (const id of ['perplexity', 'grok', 'gemini', 'custom'] as const) {
      const info = aiProviders[id];
      const other = card(id === 'custom' ? 'Custom (OpenAI-compatible)' : info.label);
      expect(within(other).getByLabelText(info.keyLabel, { exact: false })).toHaveAttribute(
        'type',
        'password',
      );
      expect(within(other).getByRole('textbox', { name: 'API Base URL' })).toHaveValue(
        info.defaultBaseURL,
      );
      expect(within(other).getByRole('textbox', { name: 'Model' })).toHaveValue(info.defaultModel);
      expect(within(other).getByRole('radio', { name: 'On this device' })).toBeChecked();
      expect(within(other).getByText('Disconnected')).toBeInTheDocument();
      expect(
        within(other).queryByRole('textbox', { name: 'Organization ID (optional)' }),
      ).not.toBeInTheDocument();
    }
    expect(within(chatgpt).getByText('Disconnected')).toBeInTheDocument();
    expect(
      within(chatgpt).getByRole('radiogroup', { name: 'Where your key is kept' }),
    ).toHaveAccessibleDescription(/^On this device, your key stays in this browser/);
  });

  it('keeps save disabled while the key is blank and says why once it is cleared', async () => {
    const { user } = renderPanel();
    const save = within(card('ChatGPT')).getByRole('button', { name: 'Save & Test Connection' });
    expect(save).toBeDisabled();
    const key = within(card('ChatGPT')).getByLabelText(/^OpenAI API Key/);
    await user.type(key, '   ');
    expect(save).toBeDisabled();
    await user.type(key, 'sk-1');
    expect(save).toBeEnabled();
    await user.clear(key);
    expect(save).toBeDisabled();
    expect(key).toHaveAccessibleDescription('Please enter your OpenAI API key');
    expect(openai.fake.requests).toHaveLength(0);
  });

  it('shows and hides the key', async () => {
    const { user } = renderPanel();
    const key = within(card('ChatGPT')).getByLabelText(/^OpenAI API Key/);
    await user.click(within(card('ChatGPT')).getByRole('button', { name: 'Show API key' }));
    expect(key).toHaveAttribute('type', 'text');
    await user.click(within(card('ChatGPT')).getByRole('button', { name: 'Hide API key' }));
    expect(key).toHaveAttribute('type', 'password');
  });

  it('saves on the device, tests the connection and shows the success text', async () => {
    const { user, store } = renderPanel();
    await user.click(within(card('ChatGPT')).getByLabelText(/^OpenAI API Key/));
    await user.paste('sk-valid-key-123456');
    await user.type(
      within(card('ChatGPT')).getByRole('textbox', { name: 'Organization ID (optional)' }),
      'org-42',
    );
    await user.clear(within(card('ChatGPT')).getByRole('textbox', { name: 'API Base URL' }));
    await user.paste(openai.fake.url);
    await user.click(
      within(card('ChatGPT')).getByRole('button', { name: 'Save & Test Connection' }),
    );

    expect(
      await screen.findByText('Connection successful! You can now generate posts with ChatGPT.'),
    ).toBeInTheDocument();
    expect(within(card('ChatGPT')).getByText('Connected')).toBeInTheDocument();
    expect(localStorage.getItem('openai_api_key')).toBe('sk-valid-key-123456');
    expect(localStorage.getItem('openai_org_id')).toBe('org-42');
    expect(openai.fake.requests).toHaveLength(1);
    expect(openai.fake.requests[0]?.headers.authorization).toBe('Bearer sk-valid-key-123456');
    expect(openai.fake.requests[0]?.headers['openai-organization']).toBe('org-42');
    expect(JSON.stringify(store.getState())).not.toContain('sk-valid-key-123456');
    expect(selectProviderConfigured(store.getState(), 'chatgpt')).toBe(true);
  });

  it('says the address could not be reached, with hints on the address, after one try', async () => {
    const gone = await startFakeOpenAI();
    const url = gone.url;
    await gone.close();
    const { store, user } = renderPanel();
    await user.click(within(card('ChatGPT')).getByLabelText(/^OpenAI API Key/));
    await user.paste('sk-valid-key-123456');
    await user.clear(within(card('ChatGPT')).getByRole('textbox', { name: 'API Base URL' }));
    await user.paste(url);
    await user.click(
      within(card('ChatGPT')).getByRole('button', { name: 'Save & Test Connection' }),
    );

    expect(
      await screen.findByText(
        `Could not reach ${url}. Please check your internet connection and the API Base URL in Settings.`,
      ),
    ).toBeInTheDocument();
    // Not OpenAI's own address: the general hints, with the way around a browser block.
    expect(
      screen.getByText('Make sure the service is running and answers at that address.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/choose "Keep my key on the server"/)).toBeInTheDocument();
    expect(screen.queryByText(/OpenAI's is https/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Please check your API key/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Make sure your API key is correct/)).not.toBeInTheDocument();
    expect(within(card('ChatGPT')).getByText('Error')).toBeInTheDocument();
    expect(selectConnectionStatus(store.getState(), 'chatgpt')).toBe('error');
  });

  it('shows the failure text and the hints when the key is refused', async () => {
    localStorage.setItem('openai_org_id', 'org-old');
    const { user } = renderPanel();
    await user.clear(
      within(card('ChatGPT')).getByRole('textbox', { name: 'Organization ID (optional)' }),
    );
    await user.click(within(card('ChatGPT')).getByLabelText(/^OpenAI API Key/));
    await user.paste('sk-wrong-key-000000');
    await user.clear(within(card('ChatGPT')).getByRole('textbox', { name: 'API Base URL' }));
    await user.paste(openai.fake.url);
    await user.click(
      within(card('ChatGPT')).getByRole('button', { name: 'Save & Test Connection' }),
    );

    const alert = await screen.findByText(
      'Connection failed. Please check your API key and try again.',
    );
    expect(alert).toBeInTheDocument();
    expect(
      screen.getByText('Make sure your API key is correct and still active.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Check that your OpenAI account has enough credits.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Check that the key has the permissions needed for chat completions.'),
    ).toBeInTheDocument();
    expect(within(card('ChatGPT')).getByText('Error')).toBeInTheDocument();
    expect(localStorage.getItem('openai_org_id')).toBeNull();
  });

  it('refuses a base URL that is not http(s) and stores nothing', async () => {
    const { user } = renderPanel();
    await user.click(within(card('ChatGPT')).getByLabelText(/^OpenAI API Key/));
    await user.paste('sk-valid-key-123456');
    const baseUrl = within(card('ChatGPT')).getByRole('textbox', { name: 'API Base URL' });
    await user.clear(baseUrl);
    await user.type(baseUrl, 'localhost:11434');
    await user.click(
      within(card('ChatGPT')).getByRole('button', { name: 'Save & Test Connection' }),
    );

    expect(baseUrl).toHaveAccessibleDescription(
      'Please enter a full http:// or https:// address, for example https://api.openai.com/v1',
    );
    expect(baseUrl).toHaveFocus();
    expect(localStorage.getItem('openai_api_key')).toBeNull();
    expect(openai.fake.requests).toHaveLength(0);
  });

  it('fills the form from what is stored on the device', () => {
    localStorage.setItem('openai_api_key', 'sk-stored');
    localStorage.setItem('openai_model', 'gpt-4o');
    renderPanel();
    expect(within(card('ChatGPT')).getByLabelText(/^OpenAI API Key/)).toHaveValue('sk-stored');
    expect(within(card('ChatGPT')).getByRole('textbox', { name: 'Model' })).toHaveValue('gpt-4o');
    expect(
      within(card('ChatGPT')).getByRole('button', { name: 'Save & Test Connection' }),
    ).toBeEnabled();
  });
});
