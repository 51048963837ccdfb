import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { OutlinedInputProps } from '@mui/material';
import { OutlinedField, type OutlinedFieldProps } from './outlined-field';

/** The browser's `<select>` with MUI's drop-down arrow over its right end. */
const SelectWithArrow = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function SelectWithArrow(props, ref) {
    return (
      <>
        <select ref={ref} {...props} />
        <svg className="select-arrow" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M7 10l5 5 5-5z" />
        </svg>
      </>
    );
  },
);

export type OutlinedSelectFieldProps = Pick<
  OutlinedFieldProps,
  | 'id'
  | 'label'
  | 'helperText'
  | 'name'
  | 'value'
  | 'onChange'
  | 'inputRef'
  | 'error'
  | 'required'
  | 'disabled'
  | 'fullWidth'
  | 'size'
  | 'shrinkLabel'
> & {
  /** The `<option>` elements. */
  children: ReactNode;
};

/**
 * An outlined field that picks from a list with the browser's own `<select>`: it works before the
 * app's script has run, and on a phone it opens the system's picker. It looks like MUI's outlined
 * NativeSelect with less code, so the public pages that use it (contact) download less.
 */
export function OutlinedSelectField({ children, disabled, ...field }: OutlinedSelectFieldProps) {
  return (
    <OutlinedField
      {...field}
      disabled={disabled}
      inputComponent={SelectWithArrow as OutlinedInputProps['inputComponent']}
      // InputBase gives its input `type="text"`, which a select has no use for.
      inputProps={{ children, type: undefined }}
      sx={(theme) => ({
        '& select': {
          appearance: 'none',
          cursor: 'pointer',
          userSelect: 'none',
          pr: 4,
          borderRadius: `${theme.shape.borderRadius}px`,
        },
        '& select:disabled': { cursor: 'default' },
        '& option': { bgcolor: 'background.paper' },
        '& .select-arrow': {
          position: 'absolute',
          right: 7,
          top: 'calc(50% - .5em)',
          width: '1em',
          height: '1em',
          fontSize: '1.5rem',
          fill: 'currentColor',
          pointerEvents: 'none',
          color: disabled ? 'action.disabled' : 'action.active',
        },
      })}
    />
  );
}
