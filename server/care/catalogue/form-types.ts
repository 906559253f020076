/** Form types: a name unique in the establishment; nothing refers to them yet, so any may be deleted. */
import type { FormType, FormTypeBody } from '../../../schemas/form-types.ts';
import { formTypes } from '../../db/schema.ts';
import type { CareContext } from '../context.ts';
import { catalogueRecords } from './records.ts';
import { byFrenchName, nameOf } from './scope.ts';

export const formTypesOf = (care: CareContext) => catalogueRecords<FormType, FormTypeBody>(care, {
  table: formTypes,
  columns: { id: formTypes.id, establishmentId: formTypes.establishmentId, name: formTypes.name },
  order: byFrenchName(formTypes.name),
  uniqueIndexes: { form_types_name_idx: 'body.name' },
  values: (body) => ({ name: nameOf(body.name) }),
  param: 'params.formTypeId',
});
