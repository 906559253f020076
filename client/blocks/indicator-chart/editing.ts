/** What the editor needs of this block type: its props schema and the props of a new block. */
import { indicatorChartProps } from '../../../schemas/blocks/generic.ts';
import type { BlockEditing } from '../types.ts';

export const editing: BlockEditing = {
  propsSchema: indicatorChartProps,
  defaultProps: { indicator: 'weight', chartType: 'line', periodDays: 30 },
};
