import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../auth';
import { loadAiPosts } from './ai-posts-repository';
import { selectAiPostsUserId, selectAllAiPosts, type AiPost } from './ai-posts-slice';

/** The signed-in user's AI generated posts, read from the device on first use; null until read. */
export function useAiPosts(): AiPost[] | null {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectCurrentUser)?.id ?? null;
  const loadedFor = useAppSelector(selectAiPostsUserId);
  const posts = useAppSelector(selectAllAiPosts);
  // A device that cannot read them shows none rather than waiting for ever.
  const [failedFor, setFailedFor] = useState<string | null>(null);

  useEffect(() => {
    if (userId && loadedFor !== userId) {
      dispatch(loadAiPosts(userId)).catch((error: unknown) => {
        console.error('AI generated posts could not be read:', error);
        setFailedFor(userId);
      });
    }
  }, [dispatch, userId, loadedFor]);

  if (userId !== null && loadedFor === userId) return posts;
  return userId !== null && failedFor === userId ? [] : null;
}
