// What the options card under the post shares with the hooks behind it: the card itself
// (post-extras.tsx) loads after the post's text (compose-form.tsx).

export type ApprovalFlow = 'skip' | 'manager' | 'team';

/** Suggest Hashtags: the chosen AI provider proposes tags for the content. */
export interface HashtagSuggestion {
  /** The provider's name on the button. */
  providerLabel: string;
  suggesting: boolean;
  /** Why the button cannot be used now (no content, offline), or null. */
  disabledReason: string | null;
  /** The outcome of the last suggestion, when it added nothing. */
  note: string | null;
  onSuggest: () => void;
}

export const hashtagTexts = {
  noContent: 'Write or generate the post first, then ask for hashtags.',
  offline: "You're offline: hashtags can be suggested once you're back online.",
  noneFound: 'No hashtags could be suggested right now. Please try again.',
  noneNew: 'The suggested hashtags are already in your post.',
} as const;
