// @vitest-environment jsdom
import { Profiler, useMemo, useReducer, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PostContentSection } from './post-content-section';

/** How often the field itself rendered: the real field, counted. */
const field = vi.hoisted(() => ({ renders: 0 }));
vi.mock('../../components/outlined-field', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../components/outlined-field')>();
  return {
    ...real,
    OutlinedField: (props: Parameters<typeof real.OutlinedField>[0]) => {
      field.renders += 1;
      return <real.OutlinedField {...props} />;
    },
  };
});

afterEach(cleanup);

const noop = () => {};

/**
 * The section as the form holds it: the text and its revision, changed by typing or otherwise.
 * The form's own renders hand the section the same element until the revision changes, as memo
 * would, so what the Profiler sees is the section's own work.
 */
function Form({ onCommit }: { onCommit: (phase: string) => void }) {
  const [content, setContent] = useState('Fresh bread');
  const [revision, bump] = useReducer((n: number) => n + 1, 0);
  const section = useMemo(
    () => (
      <Profiler id="section" onRender={(_id, phase) => onCommit(phase)}>
        <PostContentSection
          postType="text"
          onPostTypeChange={noop}
          content={content}
          contentRevision={revision}
          onContentChange={setContent}
        />
      </Profiler>
    ),
    // The text typed is the field's own: only a new revision hands it the form's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [revision],
  );
  return (
    <>
      {section}
      <output aria-label="form text">{content}</output>
      <button
        type="button"
        onClick={() => {
          setContent('Generated post #bakery');
          bump();
        }}
      >
        Generate
      </button>
    </>
  );
}

describe('PostContentSection', () => {
  it('hands each keystroke to the form and counts it, rendering nothing', async () => {
    const user = userEvent.setup();
    const commits: string[] = [];
    render(<Form onCommit={(phase) => commits.push(phase)} />);
    const input = screen.getByRole('textbox', { name: 'Post content' });
    expect(input).toHaveValue('Fresh bread');
    expect(screen.getByText('11 characters')).toBeInTheDocument();
    // Focusing the field renders it (its outline); the keystrokes after that are what count.
    await user.click(input);
    const before = commits.length;
    const fieldRenders = field.renders;

    await user.keyboard(' today');

    expect(input).toHaveValue('Fresh bread today');
    expect(screen.getByLabelText('form text')).toHaveTextContent('Fresh bread today');
    expect(screen.getByText('17 characters')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('17 characters');
    // The count is written into its node: no commit, and the field is not rendered again.
    expect(commits.length - before).toBe(0);
    expect(field.renders).toBe(fieldRenders);
  });

  it('starts again from the form\u2019s text when the form changes it itself', async () => {
    const user = userEvent.setup();
    render(<Form onCommit={noop} />);
    await user.type(screen.getByRole('textbox', { name: 'Post content' }), '!');
    await act(() => user.click(screen.getByRole('button', { name: 'Generate' })));
    const field = screen.getByRole('textbox', { name: 'Post content' });
    expect(field).toHaveValue('Generated post #bakery');
    expect(screen.getByText('22 characters')).toBeInTheDocument();
    await user.type(field, '!');
    expect(screen.getByLabelText('form text')).toHaveTextContent('Generated post #bakery!');
  });

  it('keeps the room of the type tabs, unseen, until the form shows them', () => {
    const section = (typeTabs: boolean) => (
      <PostContentSection
        postType="text"
        onPostTypeChange={noop}
        content=""
        contentRevision={0}
        onContentChange={noop}
        typeTabs={typeTabs}
      />
    );
    const { container, rerender } = render(section(false));
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    // Their labels hold the room, hidden from sight and from assistive technology.
    const room = container.querySelector('[aria-hidden="true"]');
    expect(room).toHaveTextContent('Text PostImage PostCarousel');
    expect(room).not.toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Post content' })).toBeInTheDocument();

    rerender(section(true));
    expect(screen.getByRole('tab', { name: 'Text Post' })).toHaveAttribute('aria-selected', 'true');
    expect(room).not.toBeInTheDocument();
  });
});
