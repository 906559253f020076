/** The shared indicator chart: the component, the shapes it draws and how a monitoring series becomes them. echarts itself loads with the first chart. */
export { IndicatorChart } from './indicator-chart.tsx';
export type { ChartPoint, ChartReference, ChartSeries, ChartThreshold, IndicatorChartProps } from './types.ts';
export { chartReferenceOf, chartThresholdsOf } from './from-series.ts';
