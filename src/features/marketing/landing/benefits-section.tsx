import type { Theme } from '@mui/material/styles';
import { AVERAGE_RESULTS } from '../landing-content';
import { LandingSection } from './landing-section';

const BENEFITS = [
  'Stop staring at a blank page: a week of posts in a few minutes',
  'Keep a steady posting rhythm, even on your busiest days',
  'Review and approve every post before it goes out',
  'Know what to post next with ideas tailored to your business',
];

export function benefitsStyles({ palette, breakpoints, typography }: Theme) {
  return {
    '& .lp-stats': {
      display: 'grid',
      gridTemplateColumns: '1fr 1fr',
      gap: 24,
      margin: '24px 0 0',
    },
    '& .lp-stat': { display: 'flex', flexDirection: 'column-reverse' },
    '& .lp-stat dt': { ...typography.body2, color: palette.text.secondary },
    '& .lp-stat dd': {
      margin: 0,
      fontWeight: 800,
      fontSize: '2rem',
      lineHeight: 1.2,
      color: palette.primary.main,
      [breakpoints.up('md')]: { fontSize: '2.5rem' },
    },
  };
}

export function BenefitsSection() {
  return (
    <LandingSection
      id="benefits"
      tinted
      title="More results, less time on your phone"
      subtitle="Small businesses use Postbloom to post more often, with less effort, and with better results."
    >
      <div className="lp-grid lp-grid--2 lp-grid--center">
        <ul className="lp-checks lp-checks--large">
          {BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <div className="lp-card">
          <h3 className="lp-h3">Average results</h3>
          <dl className="lp-stats">
            {AVERAGE_RESULTS.map((stat) => (
              <div key={stat.label} className="lp-stat">
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </LandingSection>
  );
}
