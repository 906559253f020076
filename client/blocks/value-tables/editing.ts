/** What the editor needs of this block type: its props schema and the props of a new block. */
import { valueTablesProps } from '../../../schemas/blocks/domain.ts';
import type { BlockEditing } from '../types.ts';

export const editing: BlockEditing = {
  propsSchema: valueTablesProps,
  defaultProps: {},
  pages: ['patient-file-summary'],
};
