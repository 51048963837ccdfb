import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const SPOKES = 8;
const turn = keyframes`to { transform: rotate(360deg); }`;

export interface SpinnerProps {
  /** Width and height in pixels. */
  size?: number;
  /** What is loading, for screen readers; without it the spinner is hidden from them. */
  label?: string;
}

/**
 * An indeterminate spinner whose spokes turn in eight steps, ten a second (docs/app-boot.md,
 * "Loading indicators"). MUI's CircularProgress animates its circle's dashes, which the browser
 * repaints on the main thread at every frame while the page it stands for loads beside it; this
 * one only turns (a compositor transform) and changes ten times a second, not sixty.
 */
export function Spinner({ size = 40, label }: SpinnerProps) {
  return (
    <Box
      component="span"
      role="progressbar"
      aria-label={label}
      aria-hidden={label ? undefined : true}
      sx={{
        display: 'inline-block',
        flexShrink: 0,
        width: size,
        height: size,
        color: 'primary.main',
        animation: `${turn} 0.8s steps(${SPOKES}) infinite`,
        '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
      }}
    >
      <svg viewBox="0 0 40 40" width={size} height={size} style={{ display: 'block' }}>
        {Array.from({ length: SPOKES }, (_, i) => (
          <line
            key={i}
            x1="20"
            y1="3"
            x2="20"
            y2="11"
            stroke="currentColor"
            strokeWidth="4"
            strokeLinecap="round"
            opacity={(i + 1) / SPOKES}
            transform={`rotate(${(i * 360) / SPOKES} 20 20)`}
          />
        ))}
      </svg>
    </Box>
  );
}
