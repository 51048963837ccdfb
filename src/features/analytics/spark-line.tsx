/** The width of a spark line's drawing; the SVG stretches it to its box. */
const WIDTH = 100;

/**
 * A spark line's points, `x,y` pairs for an SVG polyline in a WIDTH × `height` box: the first
 * value at the left edge, the last at the right, the smallest at the bottom and the largest at
 * the top, `inset` from both so the stroke is not cut. A flat series is a line across the
 * middle; a value that is not a number is drawn as the smallest.
 */
export function sparkPoints(data: readonly number[], height: number, inset = 2): string {
  const finite = data.filter(Number.isFinite);
  const low = finite.length ? Math.min(...finite) : 0;
  const span = finite.length ? Math.max(...finite) - low : 0;
  const last = Math.max(1, data.length - 1);
  return data
    .map((v, i) => {
      const x = (i / last) * WIDTH;
      const share = span === 0 ? 0.5 : ((Number.isFinite(v) ? v : low) - low) / span;
      const y = inset + (1 - share) * (height - 2 * inset);
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * A metric card's small trend line: a plain SVG, drawn in the card's first commit. (MUI X's
 * SparkLineChart is a whole chart, with its store and a measured box: four of them took a
 * phone's main thread for over 100 ms while the figures appeared.)
 */
export function SparkLine({
  data,
  height,
  color,
}: {
  data: readonly number[];
  height: number;
  color: string;
}) {
  return (
    <svg
      width="100%"
      height={height}
      viewBox={`0 0 ${WIDTH} ${height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block', overflow: 'visible' }}
    >
      <polyline
        points={sparkPoints(data, height)}
        fill="none"
        stroke={color}
        strokeWidth={2}
        strokeLinejoin="round"
        strokeLinecap="round"
        // The box stretches the drawing, not the stroke.
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
