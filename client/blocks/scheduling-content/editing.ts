/** What the editor needs of this block type: its props schema and the props of a new block. */
import { schedulingContentProps } from '../../../schemas/blocks/domain.ts';
import type { BlockEditing } from '../types.ts';

export const editing: BlockEditing = {
  propsSchema: schedulingContentProps,
  defaultProps: { pageSize: 5 },
  pages: ['patient-file-summary'],
};
