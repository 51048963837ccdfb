import { Link as RouterLink } from 'react-router';
import { Button } from '@mui/material';
import type { Theme } from '@mui/material/styles';

export function closingCtaStyles({ palette, breakpoints, typography }: Theme) {
  return {
    '& .lp-closing': {
      padding: '56px 0',
      textAlign: 'center',
      background: palette.primary.main,
      color: palette.primary.contrastText,
      [breakpoints.up('md')]: { padding: '80px 0' },
    },
    '& .lp-closing .lp-container': { maxWidth: 900 },
    '& .lp-closing-lead': { ...typography.h6, fontWeight: 400, margin: '16px 0 0', opacity: 0.92 },
    '& .lp-closing-note': { ...typography.body2, margin: '16px 0 0', opacity: 0.92 },
    '& .lp-closing-button': {
      marginTop: 32,
      backgroundColor: palette.common.white,
      color: palette.mode === 'light' ? palette.primary.main : palette.grey[900],
      '&:hover': { backgroundColor: palette.grey[100] },
    },
  };
}

export function ClosingCtaSection({ ctaTarget }: { ctaTarget: string }) {
  return (
    <section aria-labelledby="closing-heading" className="lp-closing">
      <div className="lp-container">
        <h2 id="closing-heading" className="lp-h2">
          Ready to make social media the easy part of your week?
        </h2>
        <p className="lp-closing-lead">
          Start your 7-day free trial today. No credit card required, and setup takes just 5
          minutes.
        </p>
        <Button
          component={RouterLink}
          to={ctaTarget}
          variant="contained"
          size="large"
          className="lp-closing-button"
        >
          Get Started Free
        </Button>
        <p className="lp-closing-note">
          No credit card required · Setup in 5 minutes · Cancel anytime
        </p>
      </div>
    </section>
  );
}
