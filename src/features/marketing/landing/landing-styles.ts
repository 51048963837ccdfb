import { alpha, type Theme } from '@mui/material/styles';

const CHECK_MASK =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z'/%3E%3C/svg%3E\")";

/** The bordered, rounded surface of the landing page's cards. */
export function cardSurface({ palette }: Theme) {
  return {
    background: palette.background.paper,
    border: `1px solid ${palette.divider}`,
    borderRadius: 16,
  };
}

/** The rules every section of the landing page shares: layout, headings, cards, lists, pills. */
export function baseStyles(theme: Theme) {
  const { palette, breakpoints, typography } = theme;
  return {
    '& ul': { listStyle: 'none', margin: 0, padding: 0 },
    '& .lp-container': {
      maxWidth: 1200,
      margin: '0 auto',
      padding: '0 16px',
      [breakpoints.up('sm')]: { padding: '0 24px' },
    },
    '& .lp-section': {
      padding: '56px 0',
      background: palette.background.paper,
      scrollMarginTop: 64,
      outline: 'none',
      [breakpoints.up('md')]: { padding: '80px 0' },
    },
    '& .lp-section--tinted': { background: palette.background.default },
    '& .lp-head': { textAlign: 'center', maxWidth: 680, margin: '0 auto 32px' },
    '& .lp-h2': {
      ...typography.h4,
      fontWeight: 800,
      fontSize: '1.75rem',
      margin: 0,
      [breakpoints.up('md')]: { fontSize: '2.125rem' },
    },
    '& .lp-h3': { ...typography.h6, fontWeight: 700, margin: 0 },
    '& .lp-lead': { ...typography.body1, color: palette.text.secondary, margin: '12px 0 0' },
    '& .lp-muted': { ...typography.body2, color: palette.text.secondary, margin: '8px 0 0' },
    '& .lp-grid': { display: 'grid', gap: 24, gridTemplateColumns: 'minmax(0, 1fr)' },
    '& .lp-grid--2': { [breakpoints.up('sm')]: { gridTemplateColumns: 'repeat(2, 1fr)' } },
    '& .lp-grid--4': { [breakpoints.up('md')]: { gridTemplateColumns: 'repeat(4, 1fr)' } },
    '& .lp-grid--pricing': {
      [breakpoints.up('sm')]: { gridTemplateColumns: 'repeat(2, 1fr)' },
      [breakpoints.up('lg')]: { gridTemplateColumns: 'repeat(4, 1fr)' },
    },
    '& .lp-grid--center': { alignItems: 'center' },
    '& .lp-grid--3': { [breakpoints.up('md')]: { gridTemplateColumns: 'repeat(3, 1fr)' } },
    '& .lp-card': { ...cardSurface(theme), padding: 24 },
    '& .lp-icon-badge': {
      width: 48,
      height: 48,
      borderRadius: 12,
      display: 'grid',
      placeItems: 'center',
      color: palette.primary.main,
      background: alpha(palette.primary.main, 0.1),
      marginBottom: 16,
    },
    '& .lp-checks li': {
      ...typography.body2,
      display: 'flex',
      gap: 8,
      marginTop: 10,
      '&::before': {
        content: '""',
        flex: '0 0 18px',
        height: 18,
        marginTop: 1,
        backgroundColor: palette.success.main,
        mask: `${CHECK_MASK} center / contain no-repeat`,
        WebkitMask: `${CHECK_MASK} center / contain no-repeat`,
      },
    },
    '& .lp-checks--large li': {
      ...typography.body1,
      marginTop: 16,
      '&::before': { flexBasis: 22, height: 22 },
    },
    '& .lp-pills': { display: 'flex', flexWrap: 'wrap', gap: 8 },
    '& .lp-pill': {
      ...typography.body2,
      display: 'inline-flex',
      alignItems: 'center',
      gap: 4,
      padding: '4px 12px',
      borderRadius: 16,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
    },
    '& .lp-pill--filled': { background: palette.action.selected, borderColor: 'transparent' },
    '& .lp-pill--success': {
      color: palette.success.main,
      borderColor: alpha(palette.success.main, 0.5),
    },
  };
}
