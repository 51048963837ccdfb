import { Suspense, useEffect, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { useNearScreen } from '../../lib/use-near-screen';

// MUI X Charts (with d3 and the gesture handling) is most of /analytics's code: the page paints
// its figures, tables and insights first. Each chart's code is fetched at once, and the chart is
// drawn once its code is in and its place is on the screen or half a screen below it. A chart
// measures its box and draws its SVG in one commit of 15-70 ms on a fast machine, four times that
// on a phone: a phone opening the page draws the charts of its first screen, and the others as
// they are scrolled to. Until then an empty box of the chart's height holds its place, so
// nothing moves when it is drawn.

function lazyChart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const { Component: Chart, preload } = lazyWithPreload<P>(() =>
    load().then((component) => ({ default: component })),
  );
  function LazyChart(props: P & { height: number }) {
    const [ref, near] = useNearScreen<HTMLDivElement>();
    // The code comes while the page loads, so a chart scrolled to is drawn without a wait; a
    // failed load is the chart's to report when it is drawn.
    useEffect(() => {
      preload().catch(() => undefined);
    }, []);
    const placeholder = <Box ref={ref} sx={{ height: props.height }} aria-hidden="true" />;
    if (!near) return placeholder;
    return (
      <Suspense fallback={placeholder}>
        <Chart {...props} />
      </Suspense>
    );
  }
  return LazyChart;
}

export const LineChart = lazyChart(() =>
  import('@mui/x-charts/LineChart').then((m) => m.LineChart),
);
export const BarChart = lazyChart(() => import('@mui/x-charts/BarChart').then((m) => m.BarChart));
export const PieChart = lazyChart(() => import('@mui/x-charts/PieChart').then((m) => m.PieChart));
