// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { StyleCacheProvider } from './style-cache';
import { insertedCss } from '../testing/inserted-css';

afterEach(cleanup);

describe("the app's style cache", () => {
  it("adds the -webkit- copies Safari needs and none of the old browsers' prefixes", () => {
    render(
      <StyleCacheProvider>
        <Box
          sx={{
            userSelect: 'none',
            backdropFilter: 'blur(4px)',
            display: 'flex',
            transition: 'opacity 1s',
            '& input::placeholder': { color: 'gray' },
          }}
        >
          Styled
        </Box>
      </StyleCacheProvider>,
    );
    const css = insertedCss();
    expect(css).toMatch(/-webkit-user-select:\s*none/);
    expect(css).toMatch(/[^-]user-select:\s*none/);
    expect(css).toMatch(/-webkit-backdrop-filter:\s*blur\(4px\)/);
    expect(css).toMatch(/display:\s*flex/);
    expect(css).not.toMatch(/-webkit-box|-ms-flexbox|-webkit-transition|-moz-|-ms-input/);
    expect(css).toMatch(/::placeholder/);
  });

  it("styles MUI's components through it", () => {
    const { getByRole } = render(
      <StyleCacheProvider>
        <Button>Save</Button>
      </StyleCacheProvider>,
    );
    const className = [...getByRole('button').classList].find((name) => name.startsWith('css-'));
    expect(className).toBeDefined();
    expect(insertedCss()).toContain(`.${className}`);
  });
});
