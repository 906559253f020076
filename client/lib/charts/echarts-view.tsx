/**
 * The canvas: echarts from `echarts/core` with only what the indicator charts use registered
 * (line and bar, grid, tooltip, legend, mark areas and lines, canvas renderer, and echarts 6's
 * LegacyGridContainLabel: without it `grid.containLabel` is ignored by the modular build, and a value
 * axis on the right — right to left — collapsed the plot to no width), in a chunk of its
 * own loaded with the first chart (IndicatorChart imports it lazily). One echarts instance per
 * mount; a new option replaces the last (notMerge). When echarts says 'finished' the chart is
 * painted: `performance.mark('indicator-chart:painted')`, `data-painted` on the element, onPainted.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { LegacyGridContainLabel } from 'echarts/features';
import { useEffect, useRef } from 'react';
import type { EChartsOption } from 'echarts';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, CanvasRenderer, LegacyGridContainLabel]);

export const PAINTED_MARK = 'indicator-chart:painted';

export default function EchartsView({ option, height, onPainted }: { option: EChartsOption; height: number; onPainted?: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const painted = useRef(onPainted);
  painted.current = onPainted;

  useEffect(() => {
    const element = ref.current!;
    const instance = echarts.init(element);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => { observer.disconnect(); instance.dispose(); chart.current = null; };
  }, []);

  useEffect(() => {
    const instance = chart.current!;
    const element = ref.current!;
    element.removeAttribute('data-painted');
    const finished = () => {
      instance.off('finished', finished);
      performance.mark(PAINTED_MARK);
      element.setAttribute('data-painted', 'true');
      painted.current?.();
    };
    instance.on('finished', finished);
    instance.setOption(option, true);
    return () => { instance.off('finished', finished); };
  }, [option]);

  return <div ref={ref} data-testid="indicator-chart-canvas" style={{ width: '100%', height }} />;
}
