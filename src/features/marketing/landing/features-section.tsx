import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import InsightsIcon from '@mui/icons-material/Insights';
import StorefrontIcon from '@mui/icons-material/Storefront';
import type { SvgIconComponent } from '@mui/icons-material';
import { LandingSection } from './landing-section';

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

export function FeaturesSection() {
  return (
    <LandingSection
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
    </LandingSection>
  );
}
