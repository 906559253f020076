/** Contracts of an establishment's form types (schemas/form-types.ts): the catalogue pattern's four routes. */
import { formTypeBodySchema, formTypeSchema } from '../form-types.ts';
import { recordRoutes } from './catalogue-records.ts';

export const formTypeRoutes = recordRoutes({
  tags: ['questionnaires'], collection: 'form_types', param: 'formTypeId', record: 'formType', item: formTypeSchema, body: formTypeBodySchema,
  summaries: {
    list: "The establishment's form types, by French name",
    create: 'Adds a form type (French name unique in the establishment)',
    update: 'Renames a form type',
    delete: 'Deletes a form type',
  },
});
