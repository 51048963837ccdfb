// @vitest-environment jsdom
import { Suspense, use, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onDemand, openedOnDemand, useOnDemand, type OnDemand } from './on-demand';

afterEach(cleanup);

interface PartModule {
  default: () => React.JSX.Element;
}
const part: PartModule = { default: () => <p>The menu</p> };

/** A module fetch the test settles by hand. */
function manualFetch() {
  const calls: Array<{ resolve: (m: PartModule) => void; reject: (e: Error) => void }> = [];
  const fetchModule = vi.fn(
    () =>
      new Promise<PartModule>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { fetchModule, calls };
}

function Opener({ lazyPart, onFailed }: { lazyPart: OnDemand<PartModule>; onFailed?: () => void }) {
  const [wanted, setWanted] = useState(false);
  const Part = useOnDemand(lazyPart, wanted, () => {
    setWanted(false);
    onFailed?.();
  })?.default;
  return (
    <>
      <button onClick={() => setWanted(true)}>Open</button>
      {Part && <Part />}
    </>
  );
}

describe('onDemand', () => {
  it('fetches once, however often asked, and keeps the module', async () => {
    const { fetchModule, calls } = manualFetch();
    const lazyPart = onDemand(fetchModule);
    expect(fetchModule).not.toHaveBeenCalled();
    lazyPart.preload();
    const loading = lazyPart.load();
    expect(fetchModule).toHaveBeenCalledTimes(1);
    expect(lazyPart.current()).toBeUndefined();
    calls[0]!.resolve(part);
    await expect(loading).resolves.toBe(part);
    expect(lazyPart.current()).toBe(part);
    await expect(lazyPart.load()).resolves.toBe(part);
    expect(fetchModule).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed fetch, so the next need fetches again', async () => {
    const { fetchModule, calls } = manualFetch();
    const lazyPart = onDemand(fetchModule);
    const first = lazyPart.load();
    calls[0]!.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    const second = lazyPart.load();
    expect(fetchModule).toHaveBeenCalledTimes(2);
    calls[1]!.resolve(part);
    await expect(second).resolves.toBe(part);
  });
});

describe('useOnDemand', () => {
  it('renders the part once wanted and fetched', async () => {
    const user = userEvent.setup();
    const { fetchModule, calls } = manualFetch();
    render(<Opener lazyPart={onDemand(fetchModule)} />);
    expect(fetchModule).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(fetchModule).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('The menu')).not.toBeInTheDocument();
    await act(async () => calls[0]!.resolve(part));
    expect(screen.getByText('The menu')).toBeInTheDocument();
  });

  it('renders a part fetched earlier at once', async () => {
    const user = userEvent.setup();
    const lazyPart = onDemand(() => Promise.resolve(part));
    await lazyPart.load();
    render(<Opener lazyPart={lazyPart} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByText('The menu')).toBeInTheDocument();
  });

  it('renders the fetched part in a transition, which keeps what the page shows meanwhile', async () => {
    // A part whose first render waits (on its data, say) would replace a shown boundary's content
    // with its fallback if it came in an ordinary update; in a transition React keeps the content
    // until the part is ready. That tells the update is a transition: one React renders in slices.
    const user = userEvent.setup();
    let ready: (text: string) => void = () => undefined;
    const data = new Promise<string>((resolve) => (ready = resolve));
    function PartWithData() {
      return <p>{use(data)}</p>;
    }
    const waiting: PartModule = { default: PartWithData };
    const { fetchModule, calls } = manualFetch();
    const lazyPart = onDemand(fetchModule);
    function Page() {
      const [wanted, setWanted] = useState(false);
      const Part = useOnDemand(lazyPart, wanted, () => undefined)?.default;
      return (
        <Suspense fallback={<p>Waiting</p>}>
          <button onClick={() => setWanted(true)}>Open</button>
          {Part && <Part />}
        </Suspense>
      );
    }
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await act(async () => calls[0]!.resolve(waiting));
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toBeVisible();
    await act(async () => ready('The menu, with its data'));
    expect(screen.getByText('The menu, with its data')).toBeInTheDocument();
  });

  it('reports a failed fetch, and the next need tries again', async () => {
    const user = userEvent.setup();
    const onFailed = vi.fn();
    const { fetchModule, calls } = manualFetch();
    render(<Opener lazyPart={onDemand(fetchModule)} onFailed={onFailed} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await act(async () => calls[0]!.reject(new Error('offline')));
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('The menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(fetchModule).toHaveBeenCalledTimes(2);
    await act(async () => calls[1]!.resolve(part));
    expect(screen.getByText('The menu')).toBeInTheDocument();
  });
});

describe('openedOnDemand', () => {
  interface PanelProps {
    open: boolean;
    text: string;
  }
  const view = { default: ({ open, text }: PanelProps) => <p>{open ? text : 'closing'}</p> };
  function viewFetch() {
    const calls: Array<{ resolve: (m: typeof view) => void; reject: (e: Error) => void }> = [];
    const fetchView = vi.fn(
      () =>
        new Promise<typeof view>((resolve, reject) => {
          calls.push({ resolve, reject });
        }),
    );
    return { fetchView, calls };
  }
  const Failed = ({ text }: PanelProps) => <p role="alert">{`plain: ${text}`}</p>;

  it('fetches its view when first opened, and keeps it rendered once closed', async () => {
    const { fetchView, calls } = viewFetch();
    const Panel = openedOnDemand('The panel', fetchView, (props: PanelProps) => props.open);
    const { rerender } = render(<Panel open={false} text="Hello" />);
    expect(fetchView).not.toHaveBeenCalled();
    expect(document.body).toHaveTextContent('');
    rerender(<Panel open text="Hello" />);
    expect(fetchView).toHaveBeenCalledTimes(1);
    await act(async () => calls[0]!.resolve(view));
    expect(screen.getByText('Hello')).toBeInTheDocument();
    rerender(<Panel open={false} text="Hello" />);
    expect(screen.getByText('closing')).toBeInTheDocument();
    expect(fetchView).toHaveBeenCalledTimes(1);
  });

  it('shows its plain version when the fetch fails, and tries again at the next opening', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetchView, calls } = viewFetch();
    const Panel = openedOnDemand('The panel', fetchView, (props: PanelProps) => props.open, Failed);
    const { rerender } = render(<Panel open text="Hello" />);
    await act(async () => calls[0]!.reject(new Error('offline')));
    expect(screen.getByRole('alert')).toHaveTextContent('plain: Hello');
    expect(error).toHaveBeenCalledWith('The panel could not load', expect.any(Error));
    // No second fetch while it stays open.
    expect(fetchView).toHaveBeenCalledTimes(1);
    rerender(<Panel open={false} text="Hello" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<Panel open text="Again" />);
    expect(fetchView).toHaveBeenCalledTimes(2);
    await act(async () => calls[1]!.resolve(view));
    expect(screen.getByText('Again')).toBeInTheDocument();
    error.mockRestore();
  });
});
