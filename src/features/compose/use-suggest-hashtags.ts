import { useMemo, useState, type Dispatch } from 'react';
import { useHandler } from '../../lib/use-handler';
import { useAppSelector } from '../../app/hooks';
import { aiProviderLabels, extractHashtags, generateHashtags, type AiProviderId } from '../ai';
import { selectSyncOnline } from '../sync';
import { hashtagTexts, type HashtagSuggestion } from './post-extras-texts';
import type { ComposeEvent } from './use-compose-state';

/**
 * Suggest Hashtags: the form's AI provider proposes tags for the content, and those the post does
 * not have yet are added at its end. A failed call gives no tags (the spec's hashtag call returns
 * an empty list on error), which is said next to the button.
 */
export function useSuggestHashtags(
  content: string,
  provider: AiProviderId,
  edit: Dispatch<ComposeEvent>,
  /** Brings the text just typed into `content` (the form's settleTyping). */
  settleTyping: () => void,
): HashtagSuggestion {
  const online = useAppSelector(selectSyncOnline);
  const [suggesting, setSuggesting] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  async function onSuggest() {
    setSuggesting(true);
    setNote(null);
    try {
      const tags = await generateHashtags(content, { provider });
      if (tags.length === 0) {
        setNote(hashtagTexts.noneFound);
        return;
      }
      const present = new Set(extractHashtags(content).map((tag) => tag.toLowerCase()));
      if (tags.every((tag) => present.has(tag.toLowerCase()))) setNote(hashtagTexts.noneNew);
      else edit({ type: 'hashtagsAdded', tags });
    } finally {
      setSuggesting(false);
    }
  }

  const suggest = useHandler(() => void onSuggest(), settleTyping);
  const disabledReason = !content.trim()
    ? hashtagTexts.noContent
    : online
      ? null
      : hashtagTexts.offline;
  // The same object while nothing shown changes: the Extras card then skips typing's renders.
  return useMemo(
    () => ({
      providerLabel: aiProviderLabels[provider],
      suggesting,
      disabledReason,
      note,
      onSuggest: suggest,
    }),
    [provider, suggesting, disabledReason, note, suggest],
  );
}
