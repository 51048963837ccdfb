import type { Theme } from '@mui/material/styles';
import { MAX_RATING, TESTIMONIALS, ratingLabel } from '../landing-content';
import { LandingSection } from './landing-section';

const STAR_PATH =
  'M12 17.27 18.18 21l-1.64-7.03L22 8.5l-7.19-.61L12 1 9.19 7.88 2 8.5l5.46 4.97L5.82 21z';

export function testimonialsStyles({ typography }: Theme) {
  return {
    '& .lp-quote': { margin: 0 },
    '& .lp-stars': { display: 'block', width: 110, height: 22, fill: '#F5A623' },
    '& .lp-quote blockquote': { ...typography.body1, margin: '16px 0 0' },
    '& .lp-quote figcaption': { marginTop: 20 },
    '& .lp-quote-name': { ...typography.subtitle2, fontWeight: 700, margin: 0 },
  };
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

export function TestimonialsSection() {
  return (
    <LandingSection
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
    </LandingSection>
  );
}
