/**
 * What a signed-in page's prerendered frame may show before the app has loaded, as this device
 * last showed it: a few named parts of a page (a note, a suggestion) that appear or not depending
 * on the user's data. The frame carries each such part hidden (`data-frame-hint="<name>"`); an
 * inline script in the page's HTML (scripts/vite-prerender.ts) shows the ones remembered here for
 * the user whose session is saved on this device, so the part paints with the frame instead of
 * seconds later when the app has read the data again. The app then renders the page from its data
 * as ever, and remembers again what it showed.
 *
 * Kept in localStorage, for one user at a time: only which parts were shown, no data of theirs.
 */
export const FRAME_HINTS_KEY = 'postbloom:frame-hints';

/**
 * The parts a frame can carry (`RememberedPart` in src/components/frame-part.tsx): the settings
 * page's social setup guidance, and the note under the AI provider choice that the provider's key
 * is missing, per provider.
 */
export type FrameHint = 'social-setup-guidance' | `ai-key-missing:${string}`;

interface StoredHints {
  userId: string;
  shown: FrameHint[];
}

function readHints(): StoredHints | null {
  try {
    const raw = localStorage.getItem(FRAME_HINTS_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<StoredHints>) : null;
    if (typeof parsed?.userId !== 'string' || !Array.isArray(parsed.shown)) return null;
    return { userId: parsed.userId, shown: parsed.shown };
  } catch {
    return null;
  }
}

/** Notes whether `userId`'s page showed `hint` just now; another user's hints are dropped. */
export function rememberFrameHint(userId: string, hint: FrameHint, shown: boolean): void {
  const stored = readHints();
  const same = stored?.userId === userId;
  const before = same ? stored.shown : [];
  if (same && before.includes(hint) === shown) return;
  const next: StoredHints = {
    userId,
    shown: shown ? [...new Set([...before, hint])] : before.filter((h) => h !== hint),
  };
  try {
    localStorage.setItem(FRAME_HINTS_KEY, JSON.stringify(next));
  } catch {
    // storage blocked or full: the frame shows the part hidden, as for a first visit
  }
}

/** The hints remembered for `userId` (what the frame's inline script reads). */
export function rememberedFrameHints(userId: string): FrameHint[] {
  const stored = readHints();
  return stored?.userId === userId ? stored.shown : [];
}
