/** What the editor needs of this block type: its props schema and the props of a new block. */
import { inactiveThresholdsProps } from '../../../schemas/blocks/domain.ts';
import type { BlockEditing } from '../types.ts';

export const editing: BlockEditing = {
  propsSchema: inactiveThresholdsProps,
  defaultProps: { pageSize: 5 },
  pages: ['professional-dashboard'],
};
