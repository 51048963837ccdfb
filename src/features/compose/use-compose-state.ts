import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  type Dispatch,
} from 'react';
import { flushSync } from 'react-dom';
import { useAppSelector } from '../../app/hooks';
import type { DraftPostType } from '../../lib/db';
import type { DraftPlatform } from '../../lib/platforms';
import type { AiProviderId } from '../ai';
import { selectAiPostById, type AiPost } from '../ai-posts';
import { CUSTOM_PROMPT_ID, type ComposeInitial, type PublishMode } from './compose-initial';
import { appendHashtags, removeHashtag } from './hashtags';
import type { ApprovalFlow } from './post-extras-texts';
import { PROMPT_PRESETS } from './prompt-presets';

/** What the /create form holds; its dialogs and requests keep their own state. */
export interface ComposeState {
  /** The draft being edited; null until a new post is first saved. */
  draftId: string | null;
  /** The scheduled post being edited; its changes are saved to it, never as a draft. */
  postId: string | null;
  content: string;
  /**
   * How often the text changed other than by typing in it (a generated post, a hashtag added or
   * removed, a review): the text field, which keeps what is typed itself, starts again from
   * `content` each time.
   */
  contentRevision: number;
  platforms: DraftPlatform[];
  postType: DraftPostType;
  promptId: string;
  provider: AiProviderId;
  /** The provider that wrote the text on screen; a post written by hand has none. */
  writtenBy: AiProviderId | null;
  publishMode: PublishMode;
  date: string;
  time: string;
  approval: ApprovalFlow;
  firstComment: boolean;
  autoRespond: boolean;
  /** The AI generated post the text came from, when it was kept on this device. */
  aiPostId: string | null;
  prediction: number | null;
}

/** The fields the form takes as chosen, with nothing else depending on them. */
export type ComposeChoice = Partial<
  Pick<
    ComposeState,
    | 'platforms'
    | 'postType'
    | 'promptId'
    | 'provider'
    | 'publishMode'
    | 'date'
    | 'time'
    | 'approval'
    | 'firstComment'
    | 'autoRespond'
  >
>;

export type ComposeEvent =
  | { type: 'chosen'; choice: ComposeChoice }
  | { type: 'contentEdited'; content: string }
  | { type: 'hashtagRemoved'; tag: string }
  | { type: 'hashtagsAdded'; tags: string[] }
  | { type: 'postGenerated'; content: string; provider: AiProviderId; prediction: number }
  | { type: 'generatedPostKept'; aiPostId: string | null }
  | { type: 'reviewRevised'; content: string; provider: AiProviderId }
  | { type: 'reviewApproved'; content: string }
  | { type: 'draftCreated'; draftId: string };

/** The state with a text that did not come from the field (see `contentRevision`). */
function rewritten(
  state: ComposeState,
  change: Partial<ComposeState> & Pick<ComposeState, 'content'>,
): ComposeState {
  return { ...state, ...change, contentRevision: state.contentRevision + 1 };
}

export function composeReducer(state: ComposeState, event: ComposeEvent): ComposeState {
  switch (event.type) {
    case 'chosen':
      return { ...state, ...event.choice };
    case 'contentEdited':
      // An emptied editor holds nothing the AI wrote; an edited AI text still counts as its.
      return {
        ...state,
        content: event.content,
        writtenBy: event.content.trim() ? state.writtenBy : null,
      };
    case 'hashtagRemoved':
      return rewritten(state, { content: removeHashtag(state.content, event.tag) });
    case 'hashtagsAdded':
      return rewritten(state, { content: appendHashtags(state.content, event.tags) });
    case 'postGenerated':
      return rewritten(state, {
        content: event.content,
        writtenBy: event.provider,
        prediction: event.prediction,
      });
    case 'generatedPostKept':
      return { ...state, aiPostId: event.aiPostId };
    case 'reviewRevised':
      return rewritten(state, { content: event.content, writtenBy: event.provider });
    case 'reviewApproved':
      return rewritten(state, { content: event.content, publishMode: 'schedule' });
    case 'draftCreated':
      return { ...state, draftId: event.draftId };
  }
}

function composeStart({
  initial,
  prediction,
}: {
  initial: ComposeInitial;
  prediction: number | null;
}): ComposeState {
  return {
    draftId: initial.draftId,
    postId: initial.postId,
    content: initial.content,
    contentRevision: 0,
    platforms: initial.platforms,
    postType: initial.postType,
    promptId: initial.promptId,
    provider: initial.provider,
    writtenBy: initial.writtenBy,
    publishMode: initial.publishMode,
    date: initial.date,
    time: initial.time,
    approval: 'skip',
    firstComment: false,
    autoRespond: true,
    aiPostId: initial.aiPostId,
    prediction,
  };
}

export interface ComposeStateHook {
  form: ComposeState;
  /** Changes the form; the text typed in the field comes in once typing pauses (below). */
  edit: Dispatch<ComposeEvent>;
  /**
   * Brings the text typed last into the form now, for a handler that reads the form's text: the
   * form takes what is typed once typing pauses.
   */
  settleTyping: () => void;
  choose: (choice: ComposeChoice) => void;
  /** The AI generated post the text came from, as the store has it now. */
  aiPost: AiPost | undefined;
  /** The chosen prompt's text; null while none is chosen. */
  promptText: string | null;
}

/** How long typing pauses before the form takes the text typed. */
export const TYPING_PAUSE_MS = 250;

/**
 * The form's `edit`, which takes the text typed in the field once typing pauses: a keystroke shows
 * in the field at once (it is not controlled) and renders nothing of the form, whose cards and
 * previews follow the text when typing pauses, in a render that gives way to the next keystroke.
 * Until a render of the form has it, the text typed is kept here: every other change of the form
 * starts from it, and `settleTyping` brings it in at once for a handler that reads the form.
 */
export function useTypingPause(content: string, dispatch: Dispatch<ComposeEvent>) {
  const typed = useRef<string | null>(null);
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The text the form has. */
  const taken = useRef(content);
  useLayoutEffect(() => {
    taken.current = content;
    if (typed.current === content) typed.current = null;
  }, [content]);
  useEffect(() => () => clearTimeout(pause.current), []);
  /** The text typed and not yet in the form, if any; the pause ends there. */
  const takeTyped = useCallback(() => {
    clearTimeout(pause.current);
    const text = typed.current;
    typed.current = null;
    return text;
  }, []);
  const edit = useCallback(
    (event: ComposeEvent) => {
      if (event.type === 'contentEdited') {
        typed.current = event.content;
        clearTimeout(pause.current);
        // A text written into an empty field, or emptied, changes what the form offers (Review,
        // Suggest Hashtags, its warnings): the form takes it without waiting.
        const now = !event.content.trim() !== !taken.current.trim();
        const take = () => {
          const text = typed.current;
          if (text !== null)
            startTransition(() => dispatch({ type: 'contentEdited', content: text }));
        };
        if (now) take();
        else pause.current = setTimeout(take, TYPING_PAUSE_MS);
        return;
      }
      // Ahead of the event, in its render: a change of the text (a hashtag removed, a generated
      // post) then starts from what was typed, not from the text the last render had.
      const text = takeTyped();
      if (text !== null) dispatch({ type: 'contentEdited', content: text });
      dispatch(event);
    },
    [dispatch, takeTyped],
  );
  const settleTyping = useCallback(() => {
    const text = takeTyped();
    if (text !== null) flushSync(() => dispatch({ type: 'contentEdited', content: text }));
  }, [dispatch, takeTyped]);
  return { edit, settleTyping };
}

/** The form's state, starting from `initial`. */
export function useComposeState(initial: ComposeInitial): ComposeStateHook {
  // A post opened for review shows the prediction it was generated with.
  const openedPrediction = useAppSelector((state) =>
    initial.aiPostId
      ? (selectAiPostById(state, initial.aiPostId)?.engagementPrediction ?? null)
      : null,
  );
  const [form, dispatch] = useReducer(
    composeReducer,
    { initial, prediction: openedPrediction },
    composeStart,
  );
  const { edit, settleTyping } = useTypingPause(form.content, dispatch);
  const aiPost = useAppSelector((state) =>
    form.aiPostId ? selectAiPostById(state, form.aiPostId) : undefined,
  );
  const promptText =
    form.promptId === CUSTOM_PROMPT_ID
      ? initial.customPrompt
      : (PROMPT_PRESETS.find((preset) => preset.id === form.promptId)?.prompt ?? null);
  const choose = useCallback((choice: ComposeChoice) => edit({ type: 'chosen', choice }), [edit]);
  return { form, edit, settleTyping, choose, aiPost, promptText };
}
