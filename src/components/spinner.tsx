import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const turn = keyframes`to { transform: rotate(360deg); }`;
const SPOKES = [0, 1, 2, 3, 4, 5, 6, 7];

export interface SpinnerProps {
  /** Width and height in pixels. */
  size?: number;
  /** What is loading, for screen readers; without it the spinner is hidden from them. */
  label?: string;
  /** The theme's primary colour, or the text's around it (inside a button). */
  color?: 'primary' | 'inherit';
}

/**
 * An indeterminate spinner whose eight spokes turn in steps, ten a second (docs/app-boot.md,
 * "Loading indicators"). MUI's CircularProgress animates its circle's dashes, which the browser
 * repaints on the main thread at every frame while the page it stands for loads beside it; this
 * one only turns (a compositor transform) and changes ten times a second, not sixty.
 */
export function Spinner({ size = 40, label, color = 'primary' }: SpinnerProps) {
  return (
    <Box
      component="svg"
      viewBox="0 0 40 40"
      role="progressbar"
      aria-label={label}
      aria-hidden={!label || undefined}
      stroke="currentColor"
      strokeWidth={4}
      strokeLinecap="round"
      sx={{
        flexShrink: 0,
        width: size,
        height: size,
        color: color === 'primary' ? 'primary.main' : 'inherit',
        animation: `${turn} .8s steps(8) infinite`,
        '@media (prefers-reduced-motion: reduce)': { animationDuration: '2.4s' },
      }}
    >
      {SPOKES.map((i) => (
        <line
          key={i}
          x1="20"
          y1="3"
          x2="20"
          y2="11"
          opacity={(i + 1) / 8}
          transform={`rotate(${i * 45} 20 20)`}
        />
      ))}
    </Box>
  );
}
