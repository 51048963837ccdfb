import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AppBar, Box, Button, Container, Link, Toolbar, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import LocalFloristIcon from '@mui/icons-material/LocalFlorist';
import { useIsSignedIn } from '../auth';
import { primaryCtaTarget } from './landing-content';
import { useScrollToHash } from './use-scroll-to-hash';

interface FooterLink {
  label: string;
  to: string;
}

interface FooterColumn {
  heading: string;
  links: FooterLink[];
}

// Integrations, API and Help Center have no pages of their own yet: they lead to the closest
// existing content instead of a dead link or a 404.
const FOOTER_COLUMNS: FooterColumn[] = [
  {
    heading: 'Product',
    links: [
      { label: 'Features', to: '/#features' },
      { label: 'Pricing', to: '/#pricing' },
      { label: 'Integrations', to: '/#integrations' },
      { label: 'API', to: '/contact' },
    ],
  },
  {
    heading: 'Support',
    links: [
      { label: 'Help Center', to: '/contact#faq' },
      { label: 'Contact Us', to: '/contact' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms' },
    ],
  },
];

export function BrandLogo() {
  return (
    <Link
      component={RouterLink}
      to="/"
      underline="none"
      color="inherit"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, borderRadius: 1 }}
    >
      <LocalFloristIcon color="primary" aria-hidden />
      <Typography
        component="span"
        variant="h6"
        sx={{
          fontWeight: 800,
          letterSpacing: -0.3,
          fontSize: { xs: '1.125rem', sm: '1.25rem' },
          // The narrowest phones keep the name for screen readers but only show the icon.
          '@media (max-width: 374.95px)': {
            position: 'absolute',
            width: '1px',
            height: '1px',
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
            whiteSpace: 'nowrap',
          },
        }}
      >
        Postbloom
      </Typography>
    </Link>
  );
}

function PublicHeader() {
  const signedIn = useIsSignedIn();
  return (
    <AppBar
      component="header"
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Container maxWidth="lg" disableGutters sx={{ px: { xs: 1.5, sm: 3 } }}>
        <Toolbar disableGutters sx={{ gap: { xs: 0.5, sm: 1 } }}>
          <BrandLogo />
          <Box sx={{ flexGrow: 1 }} />
          <Button
            component={RouterLink}
            to="/dashboard"
            color="inherit"
            sx={{ px: { xs: 1, sm: 2 }, minWidth: 0, whiteSpace: 'nowrap' }}
          >
            {signedIn ? 'Dashboard' : 'Sign In'}
          </Button>
          <Button
            component={RouterLink}
            to={primaryCtaTarget(signedIn)}
            variant="contained"
            disableElevation
            sx={{ px: { xs: 1.25, sm: 2 }, minWidth: 0, whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            Get Started Free
          </Button>
        </Toolbar>
      </Container>
    </AppBar>
  );
}

// Plain elements under one rule set: the footer is on every public page, including the landing page.
const Footer = styled('footer')(({ theme }) => {
  const { palette, breakpoints, typography } = theme;
  return {
    marginTop: 'auto',
    padding: '40px 0 32px',
    background: palette.grey[900],
    color: palette.grey[300],
    [breakpoints.up('md')]: { paddingTop: 56 },
    '& .pf-grid': {
      display: 'grid',
      gap: 32,
      gridTemplateColumns: '1fr 1fr',
      [breakpoints.up('md')]: { gridTemplateColumns: '2fr 1fr 1fr 1fr' },
    },
    '& .pf-brand': {
      gridColumn: '1 / -1',
      maxWidth: 320,
      color: palette.common.white,
      [breakpoints.up('md')]: { gridColumn: 'auto' },
    },
    '& .pf-text': { ...typography.body2, color: palette.grey[400], margin: '12px 0 0' },
    '& h2': {
      ...typography.subtitle2,
      fontWeight: 700,
      color: palette.common.white,
      margin: '0 0 12px',
    },
    '& ul': { listStyle: 'none', margin: 0, padding: 0 },
    '& li + li': { marginTop: 8 },
    '& nav a': {
      ...typography.body2,
      color: palette.grey[300],
      textDecoration: 'none',
      borderRadius: 2,
      '&:hover': { textDecoration: 'underline' },
    },
    '& hr': { border: 0, borderTop: `1px solid ${palette.grey[800]}`, margin: '32px 0' },
    '& .pf-copy': { ...typography.body2, color: palette.grey[400], margin: 0 },
  };
});

function PublicFooter() {
  return (
    <Footer>
      <Container maxWidth="lg">
        <div className="pf-grid">
          <div className="pf-brand">
            <BrandLogo />
            <p className="pf-text">
              AI-written social media posts, scheduling and analytics for small businesses.
            </p>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.heading} aria-label={column.heading}>
              <h2>{column.heading}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <RouterLink to={link.to}>{link.label}</RouterLink>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <hr />
        <p className="pf-copy">© {new Date().getFullYear()} Postbloom. All rights reserved.</p>
      </Container>
    </Footer>
  );
}

export default function PublicLayout({ children }: { children: ReactNode }) {
  useScrollToHash();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 'tooltip',
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Link>
      <PublicHeader />
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flexGrow: 1, outline: 'none', display: 'flex', flexDirection: 'column' }}
      >
        {children}
      </Box>
      <PublicFooter />
    </Box>
  );
}
