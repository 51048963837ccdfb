// @vitest-environment jsdom
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { openAppDb, setAppDb, type AppDb, type NotificationRecord } from '../../lib/db';
import { syncRowsChanged } from '../../lib/sync/events';
import { ada, renderApp, setUpAppTests, signedIn } from '../../testing/app-test-support';
import { loadNotifications } from '.';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

setUpAppTests();

let db: AppDb;
let name: string;

beforeEach(() => {
  name = `notifications-bell-test-${crypto.randomUUID()}`;
  db = openAppDb(name);
  setAppDb(db);
});

afterEach(async () => {
  setAppDb(undefined);
  db.close();
  await Dexie.delete(name);
});

const notice = (over: Partial<NotificationRecord>): NotificationRecord => ({
  id: crypto.randomUUID(),
  userId: ada.id,
  kind: 'published',
  title: 'Published on Facebook',
  body: 'Bloom Bakery: Fresh bread today',
  url: 'https://www.facebook.com/111_1',
  postId: null,
  targetId: null,
  readAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  version: 1,
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

const published = notice({ id: 'published', createdAt: '2026-11-24T12:00:00.000Z' });
const failed = notice({
  id: 'failed',
  kind: 'failed',
  title: 'Not published on LinkedIn',
  body: 'The post was refused.',
  url: '/calendar',
  createdAt: '2026-11-24T11:00:00.000Z',
});
const older = notice({
  id: 'older',
  kind: 'reminder',
  title: 'Time to post on X (Twitter)',
  body: 'Fresh bread today',
  url: '/calendar',
  createdAt: '2026-11-23T08:00:00.000Z',
  readAt: '2026-11-23T09:00:00.000Z',
});

async function openDashboard(rows: NotificationRecord[]) {
  await db.notifications.bulkPut(rows);
  const rendered = renderApp('/dashboard', signedIn);
  // What the sync engine's local reader does at sign-in.
  await act(() => rendered.store.dispatch(loadNotifications(ada.id, db)));
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  return rendered;
}

const dot = (button: HTMLElement) => button.querySelector('.MuiBadge-badge')!;

describe('the notifications bell', () => {
  it('shows the unread dot only while something is unread', async () => {
    const { store } = await openDashboard([older]);
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(dot(bell)).toHaveClass('MuiBadge-invisible');
    act(() => {
      store.dispatch(
        syncRowsChanged({ entity: 'user_notifications', upserted: [failed], removed: [] }),
      );
    });
    const unread = screen.getByRole('button', { name: 'Notifications, 1 unread' });
    expect(dot(unread)).not.toHaveClass('MuiBadge-invisible');
  });

  it('lists notices newest first and marks them read when opened, through the outbox', async () => {
    const { user } = await openDashboard([older, failed, published]);
    await user.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    const menu = screen.getByRole('menu', { name: 'Notifications' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Published on Facebook'),
      expect.stringContaining('Not published on LinkedIn'),
      expect.stringContaining('Time to post on X (Twitter)'),
    ]);
    expect(items[1]).toHaveTextContent('The post was refused.');
    // The time, in the user's language and zone.
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', published.createdAt);
    expect(items[0]!.querySelector('time')!.textContent).toMatch(/Nov 2[45]/);
    // What was new when the menu opened says so while it is open.
    expect(items[0]).toHaveTextContent('New:');
    expect(items[2]).not.toHaveTextContent('New:');

    // The page behind the open menu is hidden from the accessibility tree.
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Notifications', hidden: true }),
      ).toBeInTheDocument(),
    );
    expect((await db.notifications.get('published'))!.readAt).not.toBeNull();
    expect((await db.notifications.get('older'))!.readAt).toBe(older.readAt);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.entity, e.entityId]).sort()).toEqual([
      ['user_notifications', 'failed'],
      ['user_notifications', 'published'],
    ]);
  });

  it('opens a published post in a new tab and takes other notices to their page', async () => {
    const { user } = await openDashboard([failed, published]);
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    const menu = screen.getByRole('menu', { name: 'Notifications' });
    const [post, failure] = within(menu).getAllByRole('menuitem');
    expect(post).toHaveAttribute('href', 'https://www.facebook.com/111_1');
    expect(post).toHaveAttribute('target', '_blank');
    expect(post).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(failure).toHaveAttribute('href', '/calendar');
    await user.click(failure!);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Content Calendar' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('takes a reconnect notice to Settings › Integrations', async () => {
    const reconnect = notice({
      id: 'reconnect',
      kind: 'reconnect_needed',
      title: 'Reconnect Facebook',
      body: 'Bloom Bakery needs to be connected again. Its posts will not go out until you reconnect.',
      url: '/settings?tab=integrations',
    });
    const { user } = await openDashboard([reconnect]);
    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('menuitem', { name: /Reconnect Facebook/ }));
    expect(await screen.findByRole('tab', { name: 'Integrations' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('works from the keyboard and says when there is nothing', async () => {
    const { user } = await openDashboard([]);
    const bell = screen.getByRole('button', { name: 'Notifications' });
    bell.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Notifications' });
    expect(within(menu).getByRole('menuitem')).toHaveTextContent('No notifications yet');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
  });
});
