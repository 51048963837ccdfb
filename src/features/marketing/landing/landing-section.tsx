import type { ReactNode } from 'react';

/** A titled section of the landing page, reachable at `/#<id>`. */
export function LandingSection({
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
