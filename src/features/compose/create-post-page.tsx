import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { LoadingScreen } from '../../components/loading-screen';
import { PageTitle } from '../../components/page-title';
import { useAiPosts } from '../ai-posts';
import { useTimeZone } from '../appearance';
import { selectDraftById, useDeviceDrafts } from '../drafts';
import {
  selectPublishingLoaded,
  selectScheduledPostById,
  selectTargetsByPost,
} from '../publishing';
import { composeInitial, type ComposeInitial } from './compose-initial';
import { ComposeForm } from './compose-form';
import { isComposeInternal } from './use-compose-url-sync';

/** The page's heading for what is being edited. */
function composeTitle(initial: Pick<ComposeInitial, 'draftId' | 'postId'>): string {
  if (initial.postId) return 'Edit Scheduled Post';
  return initial.draftId ? 'Edit Draft Post' : 'Create Post';
}

/** /create: a new post, or the draft / scheduled post / AI generated post its parameters name. */
export default function CreatePostPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const publishingLoaded = useAppSelector(selectPublishingLoaded);
  const targetId = params.get('editDraft') || params.get('editPost');
  const editPost = params.get('editPost');
  const draft = useAppSelector((state) =>
    targetId ? selectDraftById(state, targetId) : undefined,
  );
  const post = useAppSelector((state) =>
    editPost ? selectScheduledPostById(state, editPost) : undefined,
  );
  // The edited post's targets only: the device's other posts, read as the page opens, do not
  // render the page again.
  const postTargets = useAppSelector((state) =>
    editPost ? selectTargetsByPost(state)[editPost] : undefined,
  );
  const aiPostId = params.get('aiPost');
  const aiPosts = useAiPosts();
  const timeZone = useTimeZone();

  // A new visit to /create starts a fresh form; the form's own address updates (after the first
  // save) must not, or they would throw away what is on screen.
  const [formKey, setFormKey] = useState(location.key);
  if (!isComposeInternal(location.state) && formKey !== location.key) setFormKey(location.key);
  // What the form starts from is read once, before it opens; the form's own address updates (a
  // first save adds the draft's id) must not take it away for a loading screen.
  const [opened, setOpened] = useState<{ key: string; warning: string | null } | null>(null);
  const opening = opened?.key !== formKey;
  // A new post needs none of the drafts on this device, nor an open form.
  const draftsLoaded = useDeviceDrafts(opening && targetId !== null);

  if (
    opening &&
    ((targetId && !draftsLoaded) ||
      (editPost && !publishingLoaded) ||
      (aiPostId && aiPosts === null))
  )
    return <LoadingScreen />;

  const aiPost = aiPostId ? aiPosts?.find((post) => post.id === aiPostId) : undefined;
  // /create keeps its own provider choice, apart from the dashboard's (see ComposeForm).
  const initial = composeInitial({
    params,
    draft,
    aiPost,
    post,
    postTargets: post ? postTargets : undefined,
    provider: 'chatgpt',
    timeZone,
  });
  // Why a parameter could not be honoured is said when the form opens. The form's own first save
  // then names its new draft in the address: that draft is not missing, and says nothing.
  if (opening) setOpened({ key: formKey, warning: initial.warning });
  else initial.warning = opened.warning;
  return (
    <>
      <PageTitle>{composeTitle(initial)}</PageTitle>
      <ComposeForm key={formKey} initial={initial} />
    </>
  );
}
