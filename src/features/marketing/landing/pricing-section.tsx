import { Link as RouterLink } from 'react-router';
import { Button } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { ALL_PLANS_INCLUDE, PRICING_PLANS } from '../landing-content';
import { LandingSection } from './landing-section';

export function pricingStyles({ palette, typography }: Theme) {
  return {
    '& .lp-plan': { display: 'flex', flexDirection: 'column' },
    '& .lp-plan .lp-muted': { minHeight: 40, marginTop: 4 },
    '& .lp-price': { margin: '16px 0 0', fontSize: '2.25rem', fontWeight: 800, lineHeight: 1.2 },
    '& .lp-price span': { ...typography.body1, fontWeight: 500, color: palette.text.secondary },
    '& .lp-plan .lp-checks': { margin: '12px 0 24px' },
    '& .lp-plan-action': { marginTop: 'auto' },
    '& .lp-all-plans': { marginTop: 32, textAlign: 'center' },
    '& .lp-all-plans .lp-checks': {
      display: 'flex',
      flexWrap: 'wrap',
      justifyContent: 'center',
      columnGap: 24,
    },
    '& .lp-all-plans .lp-checks li': { fontWeight: 600, marginTop: 8 },
  };
}

export function PricingSection({ ctaTarget }: { ctaTarget: string }) {
  return (
    <LandingSection
      id="pricing"
      title="Simple, transparent pricing"
      subtitle="Pick the plan that fits your business today and change it whenever you need to."
    >
      <ul className="lp-grid lp-grid--pricing">
        {PRICING_PLANS.map((plan) => (
          <li key={plan.name} className="lp-card lp-plan">
            <h3 className="lp-h3">{plan.name}</h3>
            <p className="lp-muted">{plan.description}</p>
            <p className="lp-price">
              ${plan.monthlyPrice}
              <span>/month</span>
            </p>
            <ul className="lp-checks">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <div className="lp-plan-action">
              <Button
                component={RouterLink}
                to={ctaTarget}
                variant="outlined"
                fullWidth
                aria-label={`Start free trial of the ${plan.name} plan`}
              >
                Start Free Trial
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className="lp-all-plans">
        <p className="lp-muted">All plans include:</p>
        <ul className="lp-checks">
          {ALL_PLANS_INCLUDE.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </LandingSection>
  );
}
