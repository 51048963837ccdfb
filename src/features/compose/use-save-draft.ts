import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTimeZone } from '../appearance';
import { saveDraft } from '../drafts';
import { selectSyncOnline } from '../sync';
import { composeMessages, validateDraft } from './compose-validation';
import { offlineMessages } from './offline-messages';
import { scheduledForFrom } from './schedule-dates';
import type { Notify } from './use-compose-notice';
import type { ComposeState } from './use-compose-state';

export interface SaveDraftOptions {
  promptText: string | null;
  notify: Notify;
  /** A new post's first save created this draft: later saves update it. */
  onCreated: (draftId: string) => void;
}

/** Save Draft / Update Draft: checks the form, stores the draft on the device and says so. */
export function useSaveDraft(
  form: ComposeState,
  { promptText, notify, onCreated }: SaveDraftOptions,
) {
  const dispatch = useAppDispatch();
  const online = useAppSelector(selectSyncOnline);
  const timeZone = useTimeZone();
  const [saving, setSaving] = useState(false);

  async function save() {
    const { draftId, content, platforms } = form;
    const editing = draftId !== null;
    const problem = validateDraft({ content, platforms });
    if (problem) {
      notify('warning', problem, 'save');
      return;
    }
    setSaving(true);
    try {
      const saved = await dispatch(
        saveDraft({
          id: draftId ?? undefined,
          content,
          platforms,
          postType: form.postType,
          prompt: promptText,
          aiProvider: form.writtenBy,
          scheduledFor:
            form.publishMode === 'schedule'
              ? scheduledForFrom(form.date, form.time, timeZone)
              : null,
        }),
      );
      const savedText = editing ? composeMessages.draftUpdated : composeMessages.draftSaved;
      notify('success', online ? savedText : `${savedText} ${offlineMessages.draftSaved}`);
      if (!editing) onCreated(saved.id);
    } catch (error) {
      console.error('The draft could not be saved:', error);
      notify('error', composeMessages.saveFailed);
    } finally {
      setSaving(false);
    }
  }

  return { saving, save };
}
