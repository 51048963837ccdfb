// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { OutlinedField } from './outlined-field';

afterEach(cleanup);

describe('OutlinedField', () => {
  it('lays out a small field as small: its label and its input', () => {
    render(<OutlinedField label="Search" type="search" size="small" fullWidth />);
    const input = screen.getByRole('searchbox', { name: 'Search' });
    expect(input.closest('.MuiInputBase-root')).toHaveClass('MuiInputBase-sizeSmall');
    expect(screen.getByText('Search', { selector: 'label' })).toHaveClass(
      'MuiInputLabel-sizeSmall',
    );
  });

  it('is medium sized unless told', () => {
    render(<OutlinedField label="Email" type="email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input.closest('.MuiInputBase-root')).not.toHaveClass('MuiInputBase-sizeSmall');
    expect(screen.getByText('Email', { selector: 'label' })).not.toHaveClass(
      'MuiInputLabel-sizeSmall',
    );
  });

  it('keeps the label above an empty field when told', () => {
    render(<OutlinedField label="Date" type="date" value="" onChange={() => {}} shrinkLabel />);
    expect(screen.getByText('Date', { selector: 'label' })).toHaveAttribute('data-shrink', 'true');
  });

  it('lets the label sit in an empty field otherwise', () => {
    render(<OutlinedField label="Name" value="" onChange={() => {}} />);
    expect(screen.getByText('Name', { selector: 'label' })).toHaveAttribute('data-shrink', 'false');
  });
});
