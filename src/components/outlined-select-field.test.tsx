// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OutlinedSelectField } from './outlined-select-field';

afterEach(cleanup);

function Colour({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <OutlinedSelectField
      label="Colour"
      name="colour"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      error={error !== undefined}
      helperText={error}
      required
    >
      <option value="" disabled hidden />
      <option value="red">Red</option>
      <option value="blue">Blue</option>
    </OutlinedSelectField>
  );
}

describe('OutlinedSelectField', () => {
  it('is the browser’s own select, named by its visible label', async () => {
    const user = userEvent.setup();
    render(<Colour />);
    const select = screen.getByRole('combobox', { name: /^Colour/ });
    expect(select.tagName).toBe('SELECT');
    expect(select).toBeRequired();
    expect(select).not.toHaveAttribute('type');
    expect(select).toHaveAttribute('name', 'colour');
    expect(screen.getByText('Colour')).toBeVisible();

    await user.selectOptions(select, 'Blue');
    expect(select).toHaveValue('blue');
  });

  it('describes the field with its error and marks it invalid', () => {
    render(<Colour error="Colour is required" />);
    const select = screen.getByRole('combobox', { name: /^Colour/ });
    expect(select).toHaveAccessibleDescription('Colour is required');
    expect(select).toBeInvalid();
  });
});
