import { PLATFORMS } from './onboarding-options';

const ALL = 'all';
const EACH = PLATFORMS.map((p) => p.id).filter((id) => id !== ALL);

/**
 * The platforms after a box was ticked or unticked: All ticks (or unticks) the four platforms,
 * unticking one of them unticks All, and ticking the last of them ticks All.
 */
export function platformsAfterChange(before: string[], after: string[]): string[] {
  const hadAll = before.includes(ALL);
  const hasAll = after.includes(ALL);
  if (hasAll && !hadAll) return [...EACH, ALL];
  if (hadAll && !hasAll) return [];
  const each = EACH.filter((id) => after.includes(id));
  return each.length === EACH.length ? [...EACH, ALL] : each;
}

export const WEBSITE_URL_INVALID =
  'Please enter a website address, such as https://www.example.com or example.com';

/** Why the website text is not an address, or null when it is one (or left blank: it is optional). */
export function websiteUrlProblem(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (/\s/.test(text)) return WEBSITE_URL_INVALID;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    // "user@host" parts come from an email address or a typo, never from a website's address.
    const webScheme =
      (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    // A host name with a dot and a real top-level part: "bakery" or "bakery." is not an address.
    return webScheme && /\.[a-z\d-]{2,}$/i.test(url.hostname) ? null : WEBSITE_URL_INVALID;
  } catch {
    return WEBSITE_URL_INVALID;
  }
}
