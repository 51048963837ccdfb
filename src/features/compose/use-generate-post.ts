import { useState, type Dispatch } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { AiError, aiMessages, extractHashtags, generatePost } from '../ai';
import { recordGeneratedPost } from '../ai-posts';
import { selectCurrentUser } from '../auth';
import { useOptimalTime } from '../publishing';
import { selectSyncOnline } from '../sync';
import { readBusinessProfile } from './business-profile';
import { appendHashtags } from './hashtags';
import { offlineMessages } from './offline-messages';
import type { ComposeEvent, ComposeState } from './use-compose-state';

/** Generate with AI: writes the post into the form and keeps it for the dashboard's list. */
export function useGeneratePost(
  form: ComposeState,
  promptText: string | null,
  edit: Dispatch<ComposeEvent>,
) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const online = useAppSelector(selectSyncOnline);
  // The AI optimal time at generation: where the calendar shows the post while it is reviewed.
  const { pick: pickOptimal } = useOptimalTime();
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function generate() {
    if (!promptText) {
      setError(aiMessages.promptRequired);
      return;
    }
    if (!online) {
      setError(offlineMessages.generate);
      return;
    }
    const { platforms, provider } = form;
    setGenerating(true);
    setError(null);
    try {
      const businessProfile = user ? await readBusinessProfile(user.id) : null;
      const result = await generatePost(
        { prompt: promptText, platforms, businessProfile },
        { provider },
      );
      const content = appendHashtags(result.content, result.hashtags);
      const prediction = result.engagementPrediction;
      // The draft and the dashboard's list name the provider that really wrote the post.
      const writtenBy = result.provider ?? provider;
      edit({ type: 'postGenerated', content, provider: writtenBy, prediction });
      try {
        const post = await dispatch(
          recordGeneratedPost({
            content,
            platforms,
            aiProvider: writtenBy,
            prompt: promptText,
            engagementPrediction: prediction,
            hashtags: extractHashtags(content),
            suggestedFor: pickOptimal().scheduledFor,
          }),
        );
        edit({ type: 'generatedPostKept', aiPostId: post?.id ?? null });
      } catch (failure) {
        // The post is in the editor either way; only the dashboard list misses it.
        console.error('The generated post could not be kept on this device:', failure);
        edit({ type: 'generatedPostKept', aiPostId: null });
      }
    } catch (failure) {
      setError(failure instanceof AiError ? failure.message : aiMessages.generateFailed);
    } finally {
      setGenerating(false);
    }
  }

  return { generating, error, clearError: () => setError(null), generate };
}
