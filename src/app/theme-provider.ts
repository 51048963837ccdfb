// MUI's ThemeProvider (@mui/material) also brings the provider of CSS-variable themes, made with
// `cssVariables` or `colorSchemes`; it hands any other theme to this one, MUI System's. The app's
// theme (theme.ts) is one of those others, so the pages use this one directly and download none of
// the CSS-variable machinery.
export { ThemeProvider } from '@mui/system';
