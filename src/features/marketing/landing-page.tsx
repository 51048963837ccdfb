import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, Typography } from '@mui/material';
import { alpha, styled } from '@mui/material/styles';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import InsightsIcon from '@mui/icons-material/Insights';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { SvgIconComponent } from '@mui/icons-material';
import PublicLayout from './public-layout';
import {
  ALL_PLANS_INCLUDE,
  AVERAGE_RESULTS,
  MAX_RATING,
  PRICING_PLANS,
  SUPPORTED_PLATFORMS,
  TESTIMONIALS,
  ratingLabel,
} from './landing-content';
import { usePrimaryCtaTarget } from './use-primary-cta-target';

interface Feature {
  title: string;
  description: string;
  Icon: SvgIconComponent;
}

const FEATURES: Feature[] = [
  {
    title: 'AI content generation',
    description:
      'Describe what you want to share and get ready-to-post copy with hashtags for Facebook, Instagram, LinkedIn and Twitter.',
    Icon: AutoAwesomeIcon,
  },
  {
    title: 'Smart scheduling',
    description:
      'Plan your week on a content calendar and publish when your audience is most likely to be online.',
    Icon: EventRepeatIcon,
  },
  {
    title: 'Performance analytics',
    description:
      'See followers, engagement, shares and comments in one dashboard and learn which posts work best.',
    Icon: InsightsIcon,
  },
  {
    title: 'Business-focused content',
    description:
      'A short onboarding teaches Postbloom your brand, audience and offers, so every post sounds like you.',
    Icon: StorefrontIcon,
  },
];

const BENEFITS = [
  'Stop staring at a blank page: a week of posts in a few minutes',
  'Keep a steady posting rhythm, even on your busiest days',
  'Review and approve every post before it goes out',
  'Know what to post next with ideas tailored to your business',
];

const CHECK_MASK =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z'/%3E%3C/svg%3E\")";
const STAR_PATH =
  'M12 17.27 18.18 21l-1.64-7.03L22 8.5l-7.19-.61L12 1 9.19 7.88 2 8.5l5.46 4.97L5.82 21z';

/*
 * The landing page is the first thing visitors load and it is measured, so its many repeated
 * pieces (cards, lists, pills) are plain elements styled by this one rule set instead of one
 * styled component each: that keeps the first render and its style work small.
 */
const Root = styled('div')(({ theme }) => {
  const { palette, breakpoints, typography } = theme;
  const light = palette.mode === 'light';
  const card = {
    background: palette.background.paper,
    border: `1px solid ${palette.divider}`,
    borderRadius: 16,
  };
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
    '& .lp-card': { ...card, padding: 24 },
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

    // Hero
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
      ...card,
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

    // Benefits
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

    // Pricing
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

    // Testimonials
    '& .lp-quote': { margin: 0 },
    '& .lp-stars': { display: 'block', width: 110, height: 22, fill: '#F5A623' },
    '& .lp-quote blockquote': { ...typography.body1, margin: '16px 0 0' },
    '& .lp-quote figcaption': { marginTop: 20 },
    '& .lp-quote-name': { ...typography.subtitle2, fontWeight: 700, margin: 0 },

    // Closing call to action
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
      color: light ? palette.primary.main : palette.grey[900],
      '&:hover': { backgroundColor: palette.grey[100] },
    },
  };
});

function Section({
  id,
  title,
  subtitle,
  children,
  tinted = false,
}: {
  id: string;
  title: string;
  subtitle: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={tinted ? 'lp-section lp-section--tinted' : 'lp-section'}
    >
      <div className="lp-container">
        <div className="lp-head">
          <h2 id={`${id}-heading`} className="lp-h2">
            {title}
          </h2>
          <p className="lp-lead">{subtitle}</p>
        </div>
        {children}
      </div>
    </section>
  );
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

function Hero({ ctaTarget }: { ctaTarget: string }) {
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

function Features() {
  return (
    <Section
      id="features"
      title="Everything you need to show up on social"
      subtitle="From the first idea to the results, Postbloom handles the busywork of social media."
    >
      <ul className="lp-grid lp-grid--2 lp-grid--4">
        {FEATURES.map(({ title, description, Icon }) => (
          <li key={title} className="lp-card">
            <div className="lp-icon-badge">
              <Icon aria-hidden />
            </div>
            <h3 className="lp-h3">{title}</h3>
            <p className="lp-muted">{description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Benefits() {
  return (
    <Section
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
    </Section>
  );
}

function Pricing({ ctaTarget }: { ctaTarget: string }) {
  return (
    <Section
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
    </Section>
  );
}

function StarRating({ rating }: { rating: number }) {
  return (
    <svg
      className="lp-stars"
      role="img"
      aria-label={ratingLabel(rating)}
      viewBox={`0 0 ${MAX_RATING * 24} 24`}
    >
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <path
          key={index}
          d={STAR_PATH}
          transform={`translate(${index * 24} 0)`}
          opacity={index < rating ? 1 : 0.25}
        />
      ))}
    </svg>
  );
}

function Testimonials() {
  return (
    <Section
      id="testimonials"
      tinted
      title="Loved by small business owners"
      subtitle="Restaurants, studios and salons use Postbloom to stay visible without hiring an agency."
    >
      <ul className="lp-grid lp-grid--3">
        {TESTIMONIALS.map((testimonial) => (
          <li key={testimonial.name} className="lp-card">
            <figure className="lp-quote">
              <StarRating rating={testimonial.rating} />
              <blockquote>“{testimonial.quote}”</blockquote>
              <figcaption>
                <p className="lp-quote-name">{testimonial.name}</p>
                <p className="lp-muted">{testimonial.business}</p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ClosingCta({ ctaTarget }: { ctaTarget: string }) {
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

export default function LandingPage() {
  const ctaTarget = usePrimaryCtaTarget();
  return (
    <PublicLayout>
      <Root>
        <Hero ctaTarget={ctaTarget} />
        <Features />
        <Benefits />
        <Pricing ctaTarget={ctaTarget} />
        <Testimonials />
        <ClosingCta ctaTarget={ctaTarget} />
      </Root>
    </PublicLayout>
  );
}
