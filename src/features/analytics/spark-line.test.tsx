// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { SparkLine, sparkPoints } from './spark-line';

afterEach(cleanup);

function points(s: string): Array<[number, number]> {
  return s.split(' ').map((p) => p.split(',').map(Number) as [number, number]);
}

describe('sparkPoints', () => {
  it('spreads the values across the width, the largest at the top and the smallest at the bottom', () => {
    expect(points(sparkPoints([10, 30, 20], 32))).toEqual([
      [0, 30],
      [50, 2],
      [100, 16],
    ]);
  });

  it('draws a flat series across the middle', () => {
    expect(points(sparkPoints([5, 5, 5, 5], 32)).map(([, y]) => y)).toEqual([16, 16, 16, 16]);
  });

  it('draws a value that is not a number as the smallest, not as a broken line', () => {
    const drawn = points(sparkPoints([4, Number.NaN, 8], 20, 0));
    expect(drawn).toEqual([
      [0, 20],
      [50, 20],
      [100, 0],
    ]);
  });
});

describe('SparkLine', () => {
  it('is a decorative SVG polyline in the given colour and height', () => {
    const { container } = render(<SparkLine data={[1, 3, 2]} height={32} color="#123456" />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('height', '32');
    const line = svg.querySelector('polyline')!;
    expect(line).toHaveAttribute('stroke', '#123456');
    expect(points(line.getAttribute('points')!)).toHaveLength(3);
  });
});
