/** What the editor needs of this block type: its props schema and the props of a new block. */
import { connectionsActivitiesProps } from '../../../schemas/blocks/domain.ts';
import type { BlockEditing } from '../types.ts';

export const editing: BlockEditing = {
  propsSchema: connectionsActivitiesProps,
  defaultProps: { pageSize: 5 },
  pages: ['professional-dashboard'],
};
