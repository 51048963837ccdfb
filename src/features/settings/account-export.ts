import { appDb } from '../../lib/app-db';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Table } from 'dexie';
import type { AppDb } from '../../lib/db';
import { getSupabase } from '../../lib/supabase';

export const exportMessages = {
  exported: 'Your data has been exported.',
  offline:
    'You are offline: the export holds what this device has. Export again when you are online for everything on the server.',
  failed: 'Failed to export your data. Please try again.',
} as const;

export type ExportSource = 'server' | 'device';

export interface AccountExport {
  format: 'postbloom-export';
  version: 1;
  exported_at: string;
  /** server: the server's copy plus what only this device keeps; device: this device's copy only. */
  source: ExportSource;
  [section: string]: unknown;
}

/** postbloom-export-YYYY-MM-DD.json, in the user's own calendar. */
export function exportFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `postbloom-export-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

type Row = Record<string, unknown> & { id?: unknown; userId?: unknown };

async function rowsOf(db: AppDb, name: string, userId: string): Promise<Row[]> {
  if (!db.tables.some((table) => table.name === name)) return [];
  const table = db.table(name) as Table<Row, string>;
  return table.filter((row) => row.userId === userId).toArray();
}

/** What this device keeps of the user, table by table. */
export async function readDeviceData(userId: string, given?: AppDb) {
  const db = given ?? (await appDb());
  const [
    drafts,
    aiPosts,
    onboarding,
    profiles,
    preferences,
    scheduledPosts,
    targets,
    notices,
    contentIdeas,
  ] = await Promise.all([
    rowsOf(db, 'drafts', userId),
    rowsOf(db, 'aiPosts', userId),
    rowsOf(db, 'onboardingData', userId),
    rowsOf(db, 'userProfiles', userId),
    rowsOf(db, 'userPreferences', userId),
    rowsOf(db, 'scheduledPosts', userId),
    rowsOf(db, 'publishTargets', userId),
    rowsOf(db, 'notifications', userId),
    rowsOf(db, 'contentIdeas', userId),
  ]);
  return {
    drafts,
    aiPosts,
    scheduledPosts,
    publishTargets: targets,
    notifications: notices,
    contentIdeas,
    onboarding: onboarding[0] ?? null,
    profile: profiles[0] ?? null,
    preferences: preferences[0] ?? null,
  };
}

type DeviceData = Awaited<ReturnType<typeof readDeviceData>>;

/**
 * One document from the server's export and this device's copy: what was written here but is not
 * on the server yet (drafts, scheduled posts, AI generated posts, content ideas) is added beside
 * the server's.
 */
export function combineExport(
  server: Record<string, unknown> | null,
  device: DeviceData,
  account: { id: string; email: string | null },
  now: Date = new Date(),
): AccountExport {
  const head = {
    format: 'postbloom-export',
    version: 1,
    exported_at: now.toISOString(),
  } as const;
  if (!server) {
    return {
      ...head,
      source: 'device',
      account,
      profile: device.profile,
      onboarding: device.onboarding,
      preferences: device.preferences,
      drafts: device.drafts,
      ai_generated_posts: device.aiPosts,
      content_ideas: device.contentIdeas,
      scheduled_posts: device.scheduledPosts,
      publish_targets: device.publishTargets,
      user_notifications: device.notifications,
    };
  }
  const ids = (section: unknown) =>
    new Set((Array.isArray(section) ? (section as Row[]) : []).map((row) => row.id));
  const knownDrafts = ids(server.drafts);
  const knownPosts = ids(server.scheduled_posts);
  const knownAiPosts = ids(server.ai_generated_posts);
  const knownIdeas = ids(server.content_ideas);
  return {
    ...server,
    ...head,
    source: 'server',
    unsynced_drafts: device.drafts.filter((draft) => !knownDrafts.has(draft.id)),
    unsynced_scheduled_posts: device.scheduledPosts.filter((post) => !knownPosts.has(post.id)),
    unsynced_ai_posts: device.aiPosts.filter((post) => !knownAiPosts.has(post.id)),
    unsynced_content_ideas: device.contentIdeas.filter((idea) => !knownIdeas.has(idea.id)),
  };
}

function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  if (error instanceof TypeError) return true;
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  // postgrest-js answers a failed fetch with the TypeError's text and an empty code.
  return code === '' && typeof message === 'string' && /fetch|network/i.test(message);
}

export type ExportOutcome =
  | { kind: 'exported'; data: AccountExport }
  /** The server could not be reached: `data` is this device's copy. */
  | { kind: 'offline'; data: AccountExport }
  | { kind: 'failed' };

/** The user's data: the server's export with this device's additions, or the device's copy offline. */
export async function exportAccountData(
  account: { id: string; email: string | null },
  options: { db?: AppDb; client?: SupabaseClient } = {},
): Promise<ExportOutcome> {
  const device = await readDeviceData(account.id, options.db);
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    return { kind: 'offline', data: combineExport(null, device, account) };
  try {
    const supabase = options.client ?? (await getSupabase());
    const { data, error } = await supabase.rpc('export_account_data');
    if (error) {
      return isNetworkFailure(error)
        ? { kind: 'offline', data: combineExport(null, device, account) }
        : { kind: 'failed' };
    }
    return {
      kind: 'exported',
      data: combineExport(data as Record<string, unknown>, device, account),
    };
  } catch (error) {
    return isNetworkFailure(error)
      ? { kind: 'offline', data: combineExport(null, device, account) }
      : { kind: 'failed' };
  }
}

/** Hands the document to the browser as a file download. */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL can go once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
