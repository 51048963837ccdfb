import { Suspense, useCallback, useEffect, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { useBoxWidth } from '../../lib/use-box-width';
import { useNearScreen } from '../../lib/use-near-screen';

// MUI X Charts (with d3 and the gesture handling) is most of /analytics's code: the page paints
// its figures, tables and insights first. Each chart's code is fetched at once, and the chart is
// drawn once its code is in and its place is on the screen or half a screen below it: a phone
// opening the page draws the charts of its first screen, and the others as they are scrolled to.
// Until then an empty box of the chart's height holds its place, so nothing moves when it is
// drawn.
//
// A chart left to size itself draws twice: at no width, then, once it has measured its box in a
// layout effect, at its width, in one synchronous render of 15-70 ms on a fast machine and four
// times that on a phone. A chart whose legend sits above it or is hidden (the line and bar charts)
// is given its box's width instead (`sized`), measured before it is drawn, and is drawn once, in a
// transition that React renders in slices. The pie chart's legend sits beside it and takes a width
// only the chart knows, so it sizes itself.

interface ChartOptions {
  /** The chart takes its box's whole width: it is drawn to the measured width. */
  sized: boolean;
}

function lazyChart<P extends object>(
  load: () => Promise<ComponentType<P & { width?: number }>>,
  { sized }: ChartOptions,
) {
  const { Component: Chart, preload } = lazyWithPreload<P & { width?: number }>(() =>
    load().then((component) => ({ default: component })),
  );
  function LazyChart(props: P & { height: number }) {
    const [nearRef, near] = useNearScreen<HTMLDivElement>();
    const [widthRef, width] = useBoxWidth<HTMLDivElement>();
    const ref = useCallback(
      (element: HTMLDivElement | null) => {
        const forgetNear = nearRef(element);
        const forgetWidth = sized ? widthRef(element) : undefined;
        return () => {
          if (typeof forgetNear === 'function') forgetNear();
          if (typeof forgetWidth === 'function') forgetWidth();
        };
      },
      [nearRef, widthRef],
    );
    // The code comes while the page loads, so a chart scrolled to is drawn without a wait; a
    // failed load is the chart's to report when it is drawn.
    useEffect(() => {
      preload().catch(() => undefined);
    }, []);
    const placeholder = <Box sx={{ height: props.height }} aria-hidden="true" />;
    // Where the browser cannot measure the box, the chart sizes itself.
    const measured = !sized || width !== undefined || typeof ResizeObserver === 'undefined';
    return (
      <Box ref={ref} data-chart-box>
        {near && measured ? (
          <Suspense fallback={placeholder}>
            <Chart {...props} width={sized ? width : undefined} />
          </Suspense>
        ) : (
          placeholder
        )}
      </Box>
    );
  }
  return LazyChart;
}

export const LineChart = lazyChart(
  () => import('@mui/x-charts/LineChart').then((m) => m.LineChart),
  { sized: true },
);
export const BarChart = lazyChart(() => import('@mui/x-charts/BarChart').then((m) => m.BarChart), {
  sized: true,
});
export const PieChart = lazyChart(() => import('@mui/x-charts/PieChart').then((m) => m.PieChart), {
  sized: false,
});
