import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A prerendered page (src/app/prerender.tsx) is on screen before the app's script has run, and the
 * app then renders its own copy over it. An inline script after the markup
 * (`followPrerenderedForms` in scripts/vite-prerender.ts) notes what a visitor types into its
 * fields, which field they are in and whether they sent the form, and keeps the form from sending
 * itself; the app's form takes all of it over when it first renders, so nothing they did is lost.
 */
export interface PrerenderedFormState {
  /** What each field holds, by name, as last typed. */
  values: Record<string, string>;
  /** The name of the field focused last, if any. */
  focus: string | null;
  /** The visitor sent the form (Enter, or its button). */
  submitted: boolean;
}

/** Where the inline script keeps it (the same name as in scripts/vite-prerender.ts). */
export const PRERENDERED_FORM_KEY = '__postbloomPrerenderedForm';

type WithState = { [PRERENDERED_FORM_KEY]?: PrerenderedFormState };

/** What was done in the prerendered form, once: the first form to ask takes it. */
export function takePrerenderedForm(): PrerenderedFormState | null {
  if (typeof window === 'undefined') return null;
  const holder = window as unknown as WithState;
  const state = holder[PRERENDERED_FORM_KEY] ?? null;
  delete holder[PRERENDERED_FORM_KEY];
  return state;
}

/** A field whose value the prerendered form's script notes: a text input, text area or select. */
function formField(
  form: HTMLFormElement,
  name: string,
): HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement ||
    field instanceof HTMLTextAreaElement ||
    field instanceof HTMLSelectElement
    ? field
    : null;
}

/** Focuses the field named `name` in `form`, the caret after what it holds. */
export function focusField(form: HTMLFormElement | null, name: string | null): void {
  const field = form && name ? formField(form, name) : null;
  if (!field) return;
  field.focus();
  if (field instanceof HTMLSelectElement) return;
  try {
    field.setSelectionRange(field.value.length, field.value.length);
  } catch {
    // Email fields have no caret position to set.
  }
}

/**
 * Takes over the prerendered form once the app's form is on the page: its values for `names` go to
 * `apply`, and once the form shows them the field the visitor was in gets the focus and a form
 * they sent is sent, with those values. Read after the commit that replaced the markup, so no
 * keystroke falls in between.
 */
export function usePrerenderedForm<Name extends string>(
  formRef: RefObject<HTMLFormElement | null>,
  names: readonly Name[],
  apply: (values: Partial<Record<Name, string>>) => void,
): void {
  const pending = useRef<{ state: PrerenderedFormState; values: Partial<Record<Name, string>> }>(
    null,
  );
  useLayoutEffect(() => {
    const state = takePrerenderedForm();
    if (!state) return;
    const values: Partial<Record<Name, string>> = {};
    for (const name of names) {
      const value = state.values[name];
      if (value) values[name] = value;
    }
    pending.current = { state, values };
    apply(values);
    // Once, when the form first renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // After every commit until the fields hold the values: then focus, and send if it was sent.
  useEffect(() => {
    const form = formRef.current;
    if (!pending.current || !form) return;
    const { state, values } = pending.current;
    const shown = Object.entries(values).every(
      ([name, value]) => formField(form, name)?.value === value,
    );
    if (!shown) return;
    pending.current = null;
    // Only where nothing else took the focus meanwhile.
    const active = document.activeElement;
    if (!active || active === document.body) focusField(form, state.focus);
    if (state.submitted) form.requestSubmit();
  });
}
