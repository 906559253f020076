/** What the editor needs of this block type: its props schema and the props of a new block. */
import { dataTableProps } from '../../../schemas/blocks/generic.ts';
import type { BlockEditing } from '../types.ts';

export const editing: BlockEditing = {
  propsSchema: dataTableProps,
  defaultProps: { endpoint: '/api/establishments/{structureId}/forms', columns: [{ field: 'name', label: { fr: 'Nom', en: 'Name', ar: 'الاسم' } }], pageSize: 10 },
};
