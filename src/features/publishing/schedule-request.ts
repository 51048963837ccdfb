import type { DraftPlatform, PublishMode } from '../../lib/db';
import { wallTimeToInstant } from '../../lib/intl/zoned-time';
import { platformLabels } from '../../lib/platforms';
import type { SocialAccount } from '../social';
import type { OptimalTime } from './optimal-time';

export const scheduleMessages = {
  scheduled: 'Post scheduled successfully!',
  contentRequired: 'Please add content before scheduling',
  platformRequired: 'Please select at least one platform',
  pastTime: 'Please choose a time in the future.',
  noTime: 'Please choose a date and a time.',
  failed: "Oops! We couldn't save your changes right now. Please try again in a moment.",
} as const;

/** The platforms published automatically once an account of theirs is connected. */
export const AUTO_PLATFORMS = ['facebook', 'linkedin'] as const;
export type AutoPlatform = (typeof AUTO_PLATFORMS)[number];

const isAuto = (p: DraftPlatform): p is AutoPlatform =>
  (AUTO_PLATFORMS as readonly string[]).includes(p);

export type PublishTime =
  { ok: true; scheduledFor: string; timeRule: string | null } | { ok: false; message: string };

export interface PublishTimeChoice {
  mode: PublishMode;
  /** The date and time inputs of Schedule for later, a wall time in `timeZone`. */
  date: string;
  time: string;
  timeZone: string;
  now: Date;
  /** The AI optimal time as worked out now (optimal mode). */
  optimal: OptimalTime | null;
}

/** When the post goes out, or why it cannot: a time in the past is refused. */
export function resolvePublishTime(choice: PublishTimeChoice): PublishTime {
  if (choice.mode === 'now')
    return { ok: true, scheduledFor: choice.now.toISOString(), timeRule: null };
  if (choice.mode === 'optimal') {
    if (!choice.optimal) return { ok: false, message: scheduleMessages.noTime };
    return { ok: true, scheduledFor: choice.optimal.scheduledFor, timeRule: choice.optimal.rule };
  }
  const instant = wallTimeToInstant(choice.date, choice.time, choice.timeZone);
  if (!instant) return { ok: false, message: scheduleMessages.noTime };
  if (Date.parse(instant) <= choice.now.getTime())
    return { ok: false, message: scheduleMessages.pastTime };
  return { ok: true, scheduledFor: instant, timeRule: null };
}

/** The first rule scheduling breaks (the spec's texts), or null. */
export function validateScheduling(content: string, platforms: readonly string[]): string | null {
  if (!content.trim()) return scheduleMessages.contentRequired;
  if (platforms.length === 0) return scheduleMessages.platformRequired;
  return null;
}

export type AccountsByPlatform = Record<AutoPlatform, SocialAccount[]>;

/** A platform with several connected accounts: the user chooses among them. */
export interface AccountChoice {
  platform: AutoPlatform;
  accounts: SocialAccount[];
}

/** How a post's platforms resolve to the user's connected accounts. */
export interface AccountPlan {
  /** Platforms with several accounts: the page picker asks. */
  choices: AccountChoice[];
  /** The single connected account of a platform: taken without asking. */
  accountIds: string[];
  /** Platforms the user posts on themselves, with a reminder: no account, or not publishable. */
  manual: DraftPlatform[];
}

export function planAccounts(
  platforms: readonly DraftPlatform[],
  accounts: AccountsByPlatform,
): AccountPlan {
  const plan: AccountPlan = { choices: [], accountIds: [], manual: [] };
  for (const platform of platforms) {
    if (!isAuto(platform)) {
      plan.manual.push(platform);
      continue;
    }
    const connected = accounts[platform];
    if (connected.length === 0) plan.manual.push(platform);
    else if (connected.length === 1) plan.accountIds.push(connected[0]!.id);
    else plan.choices.push({ platform, accounts: connected });
  }
  return plan;
}

/** The platform's name in the reminder texts (X is Twitter's name now). */
export function reminderPlatformName(platform: DraftPlatform): string {
  return platform === 'twitter' ? 'X (Twitter)' : platformLabels[platform];
}

function listOf(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What the user is told about the platforms they post on themselves; null when there are none. */
export function manualNote(manual: readonly DraftPlatform[]): string | null {
  if (manual.length === 0) return null;
  const unsupported = manual.filter((p) => !isAuto(p));
  const unconnected = manual.filter(isAuto);
  const parts: string[] = [];
  if (unsupported.length > 0)
    parts.push(
      `${listOf(unsupported.map(reminderPlatformName))} ${unsupported.length === 1 ? 'is' : 'are'} not published automatically yet`,
    );
  if (unconnected.length > 0)
    parts.push(
      `${listOf(unconnected.map(reminderPlatformName))} ${unconnected.length === 1 ? 'has' : 'have'} no connected account`,
    );
  return (
    `${parts.join(' and ')}, so you get a "Publish it yourself" reminder at the scheduled time, ` +
    'with the text ready to copy.'
  );
}

/** The noun of a platform's accounts in the picker. */
export const accountNoun = (platform: AutoPlatform) =>
  platform === 'facebook' ? 'page' : 'account';
