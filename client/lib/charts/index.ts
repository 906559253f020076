/** The shared indicator chart: the component and the shapes it draws. echarts itself loads with the first chart. */
export { IndicatorChart } from './indicator-chart.tsx';
export type { ChartPoint, ChartReference, ChartSeries, ChartThreshold, IndicatorChartProps } from './types.ts';
