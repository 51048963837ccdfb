// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { lazyWithPreload } from './lazy-with-preload';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyWithPreload', () => {
  it('suspends like React.lazy when the module is not loaded yet', async () => {
    const page = lazyWithPreload(async () => ({ default: Greeting }));
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <page.Component name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('renders at once, with no fallback, after preload', async () => {
    let loads = 0;
    const page = lazyWithPreload(async () => {
      loads += 1;
      return { default: Greeting };
    });
    expect(page.isLoaded()).toBe(false);
    await page.preload();
    expect(page.isLoaded()).toBe(true);
    // Synchronous: a page that still had to load would show the fallback here.
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <page.Component name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
