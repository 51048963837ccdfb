import { useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../auth';
import {
  changedFields,
  formFromProfile,
  loadProfile,
  PROFILE_TEXTS,
  profileFormError,
  requestEmailChange,
  saveProfile,
  selectProfileOf,
  selectProfileStatus,
  type ProfileForm,
  type ProfileFormField,
} from '../profile';
import { selectParkedEntries, selectSyncOnline } from '../sync';

const EMPTY_FORM: ProfileForm = { firstName: '', lastName: '', email: '', company: '', bio: '' };

export interface EmailNote {
  severity: 'info' | 'warning';
  text: string;
}

export function emailSentText(next: string, current: string): string {
  return `We sent a confirmation link to ${next}. Your email changes once you follow it and the link sent to ${current}.`;
}

export function emailOfflineText(othersSaved: boolean): string {
  return othersSaved
    ? 'Changing your email needs a connection. Your other changes were saved.'
    : 'Changing your email needs a connection. Try again once you are online.';
}

/**
 * The note an email change link leaves in the address when it lands here: the server's word that
 * the first of the two links was followed. Read during render, so it has no side effect: React may
 * render the page more than once before it shows it (a background render, StrictMode).
 */
function readLinkNote(): EmailNote | null {
  if (typeof window === 'undefined' || !window.location.hash.includes('message=')) return null;
  const message = new URLSearchParams(window.location.hash.slice(1)).get('message');
  return message ? { severity: 'info', text: message } : null;
}

/** Clears the link's note from the address once the page that shows it is on screen. */
function clearLinkNote(): void {
  if (!window.location.hash.includes('message=')) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/**
 * Settings → Profile: the saved values come from this device's row (which follows pulls from other
 * devices); the user's edits sit on top of them, field by field, so a field the user has not
 * touched shows a change made elsewhere. Save and Cancel are enabled only while an edit differs.
 */
export function useProfileSettings() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const userId = user?.id ?? null;
  const row = useAppSelector((s) => selectProfileOf(s, userId));
  const status = useAppSelector((s) => selectProfileStatus(s, userId));
  const online = useAppSelector(selectSyncOnline);
  const parked = useAppSelector(selectParkedEntries);
  const refused =
    parked.filter((p) => p.entity === 'user_profiles' && p.entityId === userId).at(-1) ?? null;

  useEffect(() => {
    if (userId) void dispatch(loadProfile(userId));
  }, [userId, dispatch]);

  const saved = useMemo(() => (user ? formFromProfile(row, user) : EMPTY_FORM), [row, user]);
  const [edits, setEdits] = useState<Partial<ProfileForm>>({});
  const form: ProfileForm = { ...saved, ...edits };
  const changed = changedFields(form, saved);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [emailNote, setEmailNote] = useState<EmailNote | null>(readLinkNote);
  useEffect(clearLinkNote, []);
  const [noticeOpen, setNoticeOpen] = useState(false);

  const edit = (field: ProfileFormField, value: string) => {
    setEdits((e) => ({ ...e, [field]: value }));
    setError(null);
  };

  const cancel = () => {
    setEdits({});
    setError(null);
  };

  const save = async () => {
    if (!user) {
      setError(PROFILE_TEXTS.notAuthenticated);
      return;
    }
    const invalid = profileFormError(form);
    if (invalid) {
      setError(invalid);
      return;
    }
    setSaving(true);
    setError(null);
    setEmailNote(null);
    const others = changed.filter((f) => f !== 'email');
    if (others.length > 0) {
      try {
        // Online or offline alike: saved here and queued; the sync engine takes it to the server.
        await dispatch(saveProfile(user, form));
      } catch (e) {
        console.error('Failed to save the profile', e);
        setError(row ? PROFILE_TEXTS.updateError : PROFILE_TEXTS.createFailed);
        setSaving(false);
        return;
      }
    }
    let keptEmail: string | null = null;
    if (changed.includes('email')) {
      const next = form.email.trim();
      const outcome = online
        ? await requestEmailChange(next, `${window.location.origin}/settings`)
        : ({ kind: 'offline' } as const);
      if (outcome.kind === 'sent') {
        setEmailNote({ severity: 'info', text: emailSentText(next, user.email) });
      } else if (outcome.kind === 'offline') {
        keptEmail = form.email;
        setEmailNote({ severity: 'warning', text: emailOfflineText(others.length > 0) });
      } else {
        keptEmail = form.email;
        setError(outcome.message || PROFILE_TEXTS.updateFailed);
      }
    }
    setEdits(keptEmail === null ? {} : { email: keptEmail });
    if (others.length > 0) setNoticeOpen(true);
    setSaving(false);
  };

  return {
    status,
    form,
    dirty: changed.length > 0,
    saving,
    error,
    refused,
    emailNote,
    noticeOpen,
    closeNotice: () => setNoticeOpen(false),
    closeEmailNote: () => setEmailNote(null),
    edit,
    cancel,
    save,
  };
}
