/** What the editor needs of this block type: its props schema and the props of a new block. */
import { questionnaireLauncherProps } from '../../../schemas/blocks/generic.ts';
import type { BlockEditing } from '../types.ts';

export const editing: BlockEditing = {
  propsSchema: questionnaireLauncherProps,
  defaultProps: { formReference: 'HF-DAILY' },
};
