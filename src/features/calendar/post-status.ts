import type {
  PublishTarget,
  ScheduledPost,
  ScheduledPostStatus,
  TargetStatus,
} from '../publishing';

/**
 * A post's status as its targets say, by the server's own rule; the post row's copy when its
 * targets are not here yet. The two can differ for a moment (rows pulled in different pages), and
 * the targets are what the user acts on.
 */
export function postStatus(
  post: Pick<ScheduledPost, 'status'>,
  targets: readonly Pick<PublishTarget, 'status'>[],
): ScheduledPostStatus {
  if (targets.length === 0) return post.status;
  const all = (ok: TargetStatus[]) => targets.every((t) => ok.includes(t.status));
  const any = (ok: TargetStatus[]) => targets.some((t) => ok.includes(t.status));
  if (all(['cancelled'])) return 'cancelled';
  if (any(['needs_attention', 'reminder'])) return 'needs_attention';
  if (any(['failed'])) return 'failed';
  if (all(['published', 'posted', 'cancelled'])) return 'published';
  if (!all(['scheduled', 'cancelled'])) return 'publishing';
  return 'scheduled';
}
