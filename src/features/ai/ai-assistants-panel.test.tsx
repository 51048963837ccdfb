// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { startFakeOpenAI } from '../../../tests/fixtures/fake-openai';
import { AiAssistantsPanel } from './ai-assistants-panel';
import { renderWithAiStore, setUpFakeOpenAI } from '../../testing/ai-panel';
import { selectConnectionStatus } from './ai-slice';

const openai = setUpFakeOpenAI('sk-valid-key-123456');

function renderPanel() {
  return renderWithAiStore(<AiAssistantsPanel />);
}

// MUI role queries in jsdom are slow on a busy machine; the default 5 s is too tight.
describe('AiAssistantsPanel', { timeout: 20_000 }, () => {
  it('shows the ChatGPT form with labelled fields and the three other providers', () => {
    renderPanel();
    expect(screen.getByLabelText(/^OpenAI API Key/)).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText(/^OpenAI API Key/)).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Organization ID (optional)' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'API Base URL (optional)' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Model' })).toHaveValue('gpt-4');
    for (const name of ['Perplexity', 'Grok', 'Gemini']) {
      const card = screen.getByRole('region', { name });
      expect(within(card).getByRole('button', { name: 'Not connected' })).toBeDisabled();
    }
    expect(
      within(screen.getByRole('region', { name: 'ChatGPT' })).getByText('Disconnected'),
    ).toBeInTheDocument();
  });

  it('keeps save disabled while the key is blank and says why once it is cleared', async () => {
    const { user } = renderPanel();
    const save = screen.getByRole('button', { name: 'Save & Test Connection' });
    expect(save).toBeDisabled();
    const key = screen.getByLabelText(/^OpenAI API Key/);
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
    const key = screen.getByLabelText(/^OpenAI API Key/);
    await user.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(key).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide API key' }));
    expect(key).toHaveAttribute('type', 'password');
  });

  it('saves on the device, tests the connection and shows the success text', async () => {
    const { user, store } = renderPanel();
    await user.click(screen.getByLabelText(/^OpenAI API Key/));
    await user.paste('sk-valid-key-123456');
    await user.type(screen.getByRole('textbox', { name: 'Organization ID (optional)' }), 'org-42');
    await user.click(screen.getByRole('textbox', { name: 'API Base URL (optional)' }));
    await user.paste(openai.fake.url);
    await user.click(screen.getByRole('button', { name: 'Save & Test Connection' }));

    expect(
      await screen.findByText('Connection successful! You can now generate posts with ChatGPT.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'ChatGPT' })).getByText('Connected'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('openai_api_key')).toBe('sk-valid-key-123456');
    expect(localStorage.getItem('openai_org_id')).toBe('org-42');
    expect(openai.fake.requests).toHaveLength(1);
    expect(openai.fake.requests[0]?.headers.authorization).toBe('Bearer sk-valid-key-123456');
    expect(openai.fake.requests[0]?.headers['openai-organization']).toBe('org-42');
    expect(JSON.stringify(store.getState())).not.toContain('sk-valid-key-123456');
    expect(store.getState().ai.keyConfigured).toBe(true);
  });

  it('says the address could not be reached, with hints on the address, after one try', async () => {
    const gone = await startFakeOpenAI();
    const url = gone.url;
    await gone.close();
    const { store, user } = renderPanel();
    await user.click(screen.getByLabelText(/^OpenAI API Key/));
    await user.paste('sk-valid-key-123456');
    await user.click(screen.getByRole('textbox', { name: 'API Base URL (optional)' }));
    await user.paste(url);
    await user.click(screen.getByRole('button', { name: 'Save & Test Connection' }));

    expect(
      await screen.findByText(
        `Could not reach ${url}. Please check your internet connection and the API Base URL in Settings.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Make sure the service is running and answers at that address.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Please check your API key/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Make sure your API key is correct/)).not.toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(selectConnectionStatus(store.getState(), 'chatgpt')).toBe('error');
  });

  it('shows the failure text and the hints when the key is refused', async () => {
    localStorage.setItem('openai_org_id', 'org-old');
    const { user } = renderPanel();
    await user.clear(screen.getByRole('textbox', { name: 'Organization ID (optional)' }));
    await user.click(screen.getByLabelText(/^OpenAI API Key/));
    await user.paste('sk-wrong-key-000000');
    await user.click(screen.getByRole('textbox', { name: 'API Base URL (optional)' }));
    await user.paste(openai.fake.url);
    await user.click(screen.getByRole('button', { name: 'Save & Test Connection' }));

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
    expect(
      within(screen.getByRole('region', { name: 'ChatGPT' })).getByText('Error'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('openai_org_id')).toBeNull();
  });

  it('refuses a base URL that is not http(s) and stores nothing', async () => {
    const { user } = renderPanel();
    await user.click(screen.getByLabelText(/^OpenAI API Key/));
    await user.paste('sk-valid-key-123456');
    const baseUrl = screen.getByRole('textbox', { name: 'API Base URL (optional)' });
    await user.type(baseUrl, 'localhost:11434');
    await user.click(screen.getByRole('button', { name: 'Save & Test Connection' }));

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
    expect(screen.getByLabelText(/^OpenAI API Key/)).toHaveValue('sk-stored');
    expect(screen.getByRole('textbox', { name: 'Model' })).toHaveValue('gpt-4o');
    expect(screen.getByRole('button', { name: 'Save & Test Connection' })).toBeEnabled();
  });
});
