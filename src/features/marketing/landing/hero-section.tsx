import { Link as RouterLink } from 'react-router';
import { Button, Typography } from '@mui/material';
import { alpha, type Theme } from '@mui/material/styles';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { SUPPORTED_PLATFORMS } from '../landing-content';
import { cardSurface } from './landing-styles';

export function heroStyles(theme: Theme) {
  const { palette, breakpoints, typography } = theme;
  return {
    '& .lp-hero': {
      padding: '48px 0 56px',
      background: `linear-gradient(180deg, ${alpha(palette.primary.main, 0.09)} 0%, ${palette.background.paper} 100%)`,
      [breakpoints.up('md')]: { padding: '80px 0' },
    },
    '& .lp-hero-grid': {
      display: 'grid',
      gap: 40,
      alignItems: 'center',
      gridTemplateColumns: 'minmax(0, 1fr)',
      [breakpoints.up('md')]: { gridTemplateColumns: '1.1fr 0.9fr', gap: 48 },
    },
    '& .lp-hero-text': { textAlign: 'center', [breakpoints.up('md')]: { textAlign: 'left' } },
    '& .lp-eyebrow': {
      ...typography.body2,
      display: 'inline-flex',
      alignItems: 'center',
      gap: 6,
      padding: '4px 12px',
      marginBottom: 24,
      borderRadius: 16,
      color: palette.primary.main,
      border: `1px solid ${alpha(palette.primary.main, 0.5)}`,
      background: palette.background.paper,
    },
    '& .lp-hero-lead': {
      ...typography.h6,
      fontWeight: 400,
      color: palette.text.secondary,
      margin: '24px auto 0',
      maxWidth: 560,
      [breakpoints.up('md')]: { marginLeft: 0 },
    },
    '& .lp-actions': {
      display: 'flex',
      flexDirection: 'column',
      gap: 16,
      marginTop: 32,
      [breakpoints.up('sm')]: { flexDirection: 'row', justifyContent: 'center' },
      [breakpoints.up('md')]: { justifyContent: 'flex-start' },
    },
    '& .lp-note': { ...typography.body2, color: palette.text.secondary, margin: '16px 0 0' },
    '& .lp-integrations': { marginTop: 32, scrollMarginTop: 80, outline: 'none' },
    '& .lp-integrations .lp-pills': {
      marginTop: 8,
      justifyContent: 'center',
      [breakpoints.up('md')]: { justifyContent: 'flex-start' },
    },
    '& .lp-overline': { ...typography.overline, color: palette.text.secondary, margin: 0 },
    '& .lp-post': {
      ...cardSurface(theme),
      padding: 24,
      maxWidth: 420,
      width: '100%',
      margin: '0 auto',
      boxShadow: '0 20px 45px rgba(15, 23, 42, 0.12)',
    },
    '& .lp-post-head': { display: 'flex', gap: 12, alignItems: 'center', marginBottom: 16 },
    '& .lp-avatar': {
      width: 40,
      height: 40,
      borderRadius: '50%',
      display: 'grid',
      placeItems: 'center',
      fontWeight: 700,
      color: palette.primary.contrastText,
      background: palette.primary.main,
    },
    '& .lp-post-name': { ...typography.subtitle2, fontWeight: 700, margin: 0 },
    '& .lp-post-meta': { ...typography.caption, color: palette.text.secondary, margin: 0 },
    '& .lp-post-body': { ...typography.body2, margin: '0 0 16px' },
    '& .lp-post-tags': {
      ...typography.body2,
      fontWeight: 600,
      color: palette.primary.main,
      margin: '0 0 16px',
    },
  };
}

function SamplePostCard() {
  return (
    <div className="lp-post" aria-hidden>
      <div className="lp-post-head">
        <div className="lp-avatar">CM</div>
        <div>
          <p className="lp-post-name">Casa Maria Bistro</p>
          <p className="lp-post-meta">Scheduled for Tuesday, 10:30 AM</p>
        </div>
      </div>
      <p className="lp-post-body">
        Fresh from our kitchen: this week&apos;s seasonal tasting menu is here! Five courses, local
        ingredients and a dessert you&apos;ll want to photograph. Book your table today.
      </p>
      <p className="lp-post-tags">#LocalEats #SeasonalMenu #DinnerDate</p>
      <div className="lp-pills">
        <span className="lp-pill lp-pill--filled">Facebook</span>
        <span className="lp-pill lp-pill--filled">Instagram</span>
        <span className="lp-pill lp-pill--success">
          <AutoAwesomeIcon sx={{ fontSize: 16 }} />
          Predicted engagement 86%
        </span>
      </div>
    </div>
  );
}

export function HeroSection({ ctaTarget }: { ctaTarget: string }) {
  return (
    <section aria-labelledby="hero-heading" className="lp-hero">
      <div className="lp-container lp-hero-grid">
        <div className="lp-hero-text">
          <p className="lp-eyebrow">
            <AutoAwesomeIcon sx={{ fontSize: 18 }} aria-hidden />
            Your AI social media assistant
          </p>
          <Typography
            id="hero-heading"
            component="h1"
            variant="h2"
            sx={{
              fontWeight: 800,
              letterSpacing: -1,
              fontSize: { xs: '2.25rem', sm: '3rem', md: '3.5rem' },
              lineHeight: 1.1,
            }}
          >
            Social media posts that grow your business, written in minutes
          </Typography>
          <p className="lp-hero-lead">
            Postbloom learns your business, writes on-brand posts with AI, and helps you plan,
            schedule and measure them, so you can get back to your customers.
          </p>
          <div className="lp-actions">
            <Button component={RouterLink} to={ctaTarget} variant="contained" size="large">
              Get Started Free
            </Button>
            <Button component={RouterLink} to="/#features" variant="outlined" size="large">
              See Features
            </Button>
          </div>
          <p className="lp-note">7-day free trial · No credit card required</p>
          <div id="integrations" className="lp-integrations">
            <p className="lp-overline">Create posts for</p>
            <ul className="lp-pills">
              {SUPPORTED_PLATFORMS.map((platform) => (
                <li key={platform} className="lp-pill">
                  {platform}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <SamplePostCard />
      </div>
    </section>
  );
}
