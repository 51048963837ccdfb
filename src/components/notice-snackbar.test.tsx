// @vitest-environment jsdom
import { useState, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import {
  makeNotice,
  NoticeSnackbar,
  SUCCESS_NOTICE_MS,
  WARNING_NOTICE_MS,
  type Notice,
  type NoticeSnackbarProps,
} from './notice-snackbar';
import NoticeSnackbarView from './notice-snackbar-view';

function Host({
  first,
  Shown = NoticeSnackbarView,
}: {
  first: Notice | null;
  Shown?: ComponentType<NoticeSnackbarProps>;
}) {
  const [notice, setNotice] = useState<Notice | null>(first);
  return (
    <>
      <button type="button" onClick={() => setNotice(makeNotice('warning', 'A newer warning'))}>
        newer
      </button>
      <Shown notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('NoticeSnackbar', () => {
  it('fetches its look with the first notice, and shows it', async () => {
    render(<Host first={null} Shown={NoticeSnackbar} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'newer' }).click());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A newer warning');
    expect(alert).toHaveClass('MuiAlert-root');
  });

  it('closes a warning after a while', () => {
    vi.useFakeTimers();
    render(<Host first={makeNotice('warning', 'Please add some content before saving.')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Please add some content before saving.');
    act(() => vi.advanceTimersByTime(WARNING_NOTICE_MS - 100));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    act(() => vi.advanceTimersByTime(1000)); // the slide-out
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes a success notice after 3 s and keeps an error until dismissed', () => {
    vi.useFakeTimers();
    render(<Host first={makeNotice('success', 'Idea saved for later!')} />);
    act(() => vi.advanceTimersByTime(SUCCESS_NOTICE_MS + 100));
    act(() => vi.advanceTimersByTime(1000)); // the slide-out
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    cleanup();

    render(<Host first={makeNotice('error', 'Failed to delete draft. Please try again.')} />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to delete draft.');
  });

  it('shows a newer notice in place of the older one', () => {
    render(<Host first={makeNotice('warning', 'An older warning')} />);
    act(() => screen.getByRole('button', { name: 'newer' }).click());
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('A newer warning');
  });
});
