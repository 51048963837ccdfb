import { styled } from '@mui/material/styles';
import PublicLayout from './public-layout';
import { usePrimaryCtaTarget } from './use-primary-cta-target';
import { baseStyles } from './landing/landing-styles';
import { HeroSection, heroStyles } from './landing/hero-section';
import { FeaturesSection } from './landing/features-section';
import { BenefitsSection, benefitsStyles } from './landing/benefits-section';
import { PricingSection, pricingStyles } from './landing/pricing-section';
import { TestimonialsSection, testimonialsStyles } from './landing/testimonials-section';
import { ClosingCtaSection, closingCtaStyles } from './landing/closing-cta-section';

/*
 * The landing page is the first thing visitors load and it is measured, so its many repeated
 * pieces (cards, lists, pills) are plain elements styled by this one rule set instead of one
 * styled component each: that keeps the first render and its style work small. Each section keeps
 * its own rules beside its markup; they are joined here into that single rule set.
 */
const Root = styled('div')(({ theme }) => ({
  ...baseStyles(theme),
  ...heroStyles(theme),
  ...benefitsStyles(theme),
  ...pricingStyles(theme),
  ...testimonialsStyles(theme),
  ...closingCtaStyles(theme),
}));

export default function LandingPage() {
  const ctaTarget = usePrimaryCtaTarget();
  return (
    <PublicLayout>
      <Root>
        <HeroSection ctaTarget={ctaTarget} />
        <FeaturesSection />
        <BenefitsSection />
        <PricingSection ctaTarget={ctaTarget} />
        <TestimonialsSection />
        <ClosingCtaSection ctaTarget={ctaTarget} />
      </Root>
    </PublicLayout>
  );
}
