// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { LoadingScreen } from './loading-screen';
import { Spinner } from './spinner';
import { insertedCss } from '../testing/inserted-css';

afterEach(cleanup);

describe('Spinner', () => {
  it('is a progress bar named by its label, or hidden from screen readers without one', () => {
    render(
      <>
        <Spinner label="Loading settings" />
        <Spinner />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading settings' })).toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    expect(screen.getAllByRole('progressbar', { hidden: true })).toHaveLength(2);
  });

  it('only turns, in steps, so the page loading beside it keeps its main thread', () => {
    render(<LoadingScreen />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    const css = insertedCss();
    // The animation the loading screen runs: a turn in eight steps, and nothing that repaints.
    const animation = /animation:\s*([\w-]+)\s+\.8s\s+steps\(8\)\s+infinite/.exec(css);
    expect(animation).not.toBeNull();
    const keyframes = new RegExp(`@keyframes ${animation![1]}\\s*{([^}]*)}`).exec(css);
    const declarations = keyframes![1]!
      .replace(/^\s*to\s*{/, '')
      .split(';')
      .filter(Boolean);
    expect(declarations).toContain('transform:rotate(360deg)');
    for (const d of declarations) expect(d).toMatch(/^(-\w+-)?transform:rotate\(360deg\)$/);
    expect(css).not.toMatch(/stroke-dash/);
    expect(css).toMatch(/prefers-reduced-motion:\s*reduce/);
  });
});
