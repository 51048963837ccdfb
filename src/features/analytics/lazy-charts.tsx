import { lazy, Suspense, type ComponentType } from 'react';
import Box from '@mui/material/Box';

// MUI X Charts (with d3 and the gesture handling) is most of /analytics's code: the page paints
// its figures, tables and insights first, and each chart draws once the charts' code is in. Until
// then an empty box of the chart's height holds its place, so nothing moves when it arrives.

function lazyChart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Chart = lazy(() => load().then((component) => ({ default: component })));
  function LazyChart(props: P & { height: number }) {
    return (
      <Suspense fallback={<Box sx={{ height: props.height }} aria-hidden="true" />}>
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
export const SparkLineChart = lazyChart(() =>
  import('@mui/x-charts/SparkLineChart').then((m) => m.SparkLineChart),
);
