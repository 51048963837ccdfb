// Builds resolve MUI's CSS-variables theme builder (`createThemeWithVars`) to this module.
// `createTheme()` calls that builder only for a theme with `cssVariables: true` or `colorSchemes`;
// the app's themes (src/app/theme.ts) and MUI's default theme have neither, so it never runs, and
// leaving it out spares every page its code (the CSS-variables machinery of MUI System with it).
export default function createThemeWithVars(): never {
  throw new Error(
    'This build leaves out MUI themes with CSS variables: pass neither cssVariables nor colorSchemes to createTheme().',
  );
}
