import { createContext, useContext, type ReactNode } from 'react';
import type { FrameHint } from '../lib/frame-hints';

/**
 * True while a signed-in page's frame is prerendered at build time (src/app/prerender.tsx): the
 * components drawn in it then carry their data-dependent parts as `RememberedPart`s.
 */
export const InPrerenderedFrame = createContext(false);

/**
 * In the prerendered frame, a part of the page that shows or not depending on the user's data:
 * carried hidden, and shown by the page's inline script where this device last showed it
 * (src/lib/frame-hints.ts). Elsewhere, nothing.
 */
export function RememberedPart({ hint, children }: { hint: FrameHint; children: ReactNode }) {
  if (!useContext(InPrerenderedFrame)) return null;
  return (
    <div data-frame-hint={hint} hidden>
      {children}
    </div>
  );
}
