// @vitest-environment jsdom
import { useRef, useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import {
  PRERENDERED_FORM_KEY,
  takePrerenderedForm,
  usePrerenderedForm,
  type PrerenderedFormState,
} from './prerendered-form';

afterEach(() => {
  cleanup();
  takePrerenderedForm();
});

function leftByTheInlineScript(state: PrerenderedFormState) {
  (window as unknown as Record<string, unknown>)[PRERENDERED_FORM_KEY] = state;
}

function Form({ onSend }: { onSend: (values: Record<string, string>) => void }) {
  const [values, setValues] = useState({ name: '', email: '', message: '' });
  const formRef = useRef<HTMLFormElement>(null);
  usePrerenderedForm(formRef, ['name', 'email', 'message'] as const, (carried) =>
    setValues((current) => ({ ...current, ...carried })),
  );
  const field = (name: keyof typeof values) => ({
    name,
    'aria-label': name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  return (
    <form
      ref={formRef}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSend(values);
      }}
    >
      <input {...field('name')} />
      <input {...field('email')} />
      <textarea {...field('message')} />
    </form>
  );
}

describe('the app’s form over a prerendered one', () => {
  it('starts from what was typed there and focuses the field the visitor was in', async () => {
    leftByTheInlineScript({
      values: { name: 'Ada', message: 'Hello there', other: 'x' },
      focus: 'message',
      submitted: false,
    });
    const sent: Record<string, string>[] = [];
    render(<Form onSend={(values) => sent.push(values)} />);
    expect(screen.getByLabelText('name')).toHaveValue('Ada');
    expect(screen.getByLabelText('email')).toHaveValue('');
    expect(screen.getByLabelText('message')).toHaveValue('Hello there');
    await waitFor(() => expect(screen.getByLabelText('message')).toHaveFocus());
    expect((screen.getByLabelText('message') as HTMLTextAreaElement).selectionStart).toBe(11);
    expect(sent).toEqual([]);
  });

  it('sends, with those values, a form the visitor sent before the script ran', async () => {
    leftByTheInlineScript({
      values: { name: 'Ada', email: 'ada@example.com' },
      focus: 'email',
      submitted: true,
    });
    const sent: Record<string, string>[] = [];
    render(<Form onSend={(values) => sent.push(values)} />);
    await waitFor(() =>
      expect(sent).toEqual([{ name: 'Ada', email: 'ada@example.com', message: '' }]),
    );
  });

  it('is taken over once: a later form starts empty', () => {
    leftByTheInlineScript({ values: { name: 'Ada' }, focus: null, submitted: false });
    const first = render(<Form onSend={() => {}} />);
    expect(screen.getByLabelText('name')).toHaveValue('Ada');
    first.unmount();
    render(<Form onSend={() => {}} />);
    expect(screen.getByLabelText('name')).toHaveValue('');
  });
});
