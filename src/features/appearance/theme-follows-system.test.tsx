// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useTheme } from '@mui/material/styles';
import { Providers } from '../../app/providers';
import { makeStore } from '../../app/store';
import { themeModeChosen } from '../ui';

// jsdom has no matchMedia: this one answers prefers-color-scheme like an operating system whose
// setting the test flips, and tells the page's listeners as a browser does.
let systemDark = false;
const listeners = new Set<() => void>();

function setSystemDark(dark: boolean) {
  systemDark = dark;
  for (const listener of listeners) listener();
}

beforeEach(() => {
  systemDark = false;
  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return query.includes('prefers-color-scheme: dark') && systemDark;
      },
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;
});

afterEach(() => {
  cleanup();
  listeners.clear();
});

function PaletteMode() {
  return <output aria-label="palette">{useTheme().palette.mode}</output>;
}

describe('the theme', () => {
  it('follows the system setting live while System is chosen, and not otherwise', () => {
    const store = makeStore();
    render(
      <Providers store={store}>
        <PaletteMode />
      </Providers>,
    );
    const palette = screen.getByRole('status', { name: 'palette' });
    expect(palette).toHaveTextContent('light');
    act(() => setSystemDark(true));
    expect(palette).toHaveTextContent('dark');
    act(() => setSystemDark(false));
    expect(palette).toHaveTextContent('light');

    act(() => {
      store.dispatch(themeModeChosen('dark'));
    });
    expect(palette).toHaveTextContent('dark');
    act(() => {
      store.dispatch(themeModeChosen('light'));
    });
    act(() => setSystemDark(true));
    expect(palette).toHaveTextContent('light');
    act(() => {
      store.dispatch(themeModeChosen('system'));
    });
    expect(palette).toHaveTextContent('dark');
  });
});
