import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { LoadingScreen } from '../../components/loading-screen';
import { PageTitle } from '../../components/page-title';
import { useAiPosts } from '../ai-posts';
import { useTimeZone } from '../appearance';
import { selectDraftById, selectDraftsLoaded } from '../drafts';
import { composeInitial } from './compose-initial';
import { ComposeForm } from './compose-form';
import { isComposeInternal } from './use-compose-url-sync';

/** /create: a new post, or the draft / AI generated post its query parameters name. */
export default function CreatePostPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const draftsLoaded = useAppSelector(selectDraftsLoaded);
  const targetId = params.get('editDraft') || params.get('editPost');
  const draft = useAppSelector((state) =>
    targetId ? selectDraftById(state, targetId) : undefined,
  );
  const aiPostId = params.get('aiPost');
  const aiPosts = useAiPosts();
  const timeZone = useTimeZone();

  // A new visit to /create starts a fresh form; the form's own address updates (after the first
  // save) must not, or they would throw away what is on screen.
  const [formKey, setFormKey] = useState(location.key);
  if (!isComposeInternal(location.state) && formKey !== location.key) setFormKey(location.key);

  if ((targetId && !draftsLoaded) || (aiPostId && aiPosts === null)) return <LoadingScreen />;

  const aiPost = aiPostId ? aiPosts?.find((post) => post.id === aiPostId) : undefined;
  // /create keeps its own provider choice, apart from the dashboard's (see ComposeForm).
  const initial = composeInitial({ params, draft, aiPost, provider: 'chatgpt', timeZone });
  return (
    <>
      <PageTitle>{initial.draftId ? 'Edit Draft Post' : 'Create Post'}</PageTitle>
      <ComposeForm key={formKey} initial={initial} />
    </>
  );
}
