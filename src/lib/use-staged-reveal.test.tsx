// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useLayoutEffect } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useStagedReveal } from './use-staged-reveal';

afterEach(cleanup);

/** A screen of three parts after its first, noting what each commit showed. */
function Staged({ start, commits }: { start: boolean; commits: number[] }) {
  const stage = useStagedReveal(3, start);
  useLayoutEffect(() => {
    commits.push(stage);
  });
  return (
    <>
      <p>First screen</p>
      {stage >= 1 && <p>Part 1</p>}
      {stage >= 2 && <p>Part 2</p>}
      {stage >= 3 && <p>Part 3</p>}
    </>
  );
}

describe('useStagedReveal', () => {
  it('shows one more part in each commit after the first, until all are shown', async () => {
    const commits: number[] = [];
    render(<Staged start commits={commits} />);
    expect(await screen.findByText('Part 3')).toBeInTheDocument();
    expect(commits).toEqual([0, 1, 2, 3]);
  });

  it('shows nothing more until it may start', async () => {
    const commits: number[] = [];
    const { rerender } = render(<Staged start={false} commits={commits} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('First screen')).toBeInTheDocument();
    expect(screen.queryByText('Part 1')).not.toBeInTheDocument();
    rerender(<Staged start commits={commits} />);
    await waitFor(() => expect(screen.getByText('Part 3')).toBeInTheDocument());
    expect(commits.filter((stage) => stage > 0)).toEqual([1, 2, 3]);
  });
});
