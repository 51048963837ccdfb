import { useSearchParams } from 'react-router';

/** Marks the form's own address updates in the history entry (see isComposeInternal). */
const FORM_UPDATE_STATE = { composeInternal: true } as const;

/** Whether a navigation is the form updating its own address, which keeps the form on screen. */
export function isComposeInternal(state: unknown): boolean {
  return (state as { composeInternal?: unknown } | null)?.composeInternal === true;
}

/** Names a newly created draft in the address, as if /create had been opened to edit it. */
export function useComposeUrlSync(): (draftId: string) => void {
  const [, setSearchParams] = useSearchParams();
  return (draftId) =>
    setSearchParams({ editDraft: draftId }, { replace: true, state: FORM_UPDATE_STATE });
}
