// @vitest-environment happy-dom
/** The client's check of a body against its route's JSON Schema (lib/forms/body-errors.ts), by field, in the interface's language. */
import { beforeAll, describe, expect, it } from 'vitest';
import { unitRoutes } from '../../../schemas/api/catalogue.ts';
import { alertChangeBodySchema } from '../../../schemas/alerts.ts';
import { bodyErrors } from '../../../client/lib/forms/body-errors.ts';
import { i18n, initI18n } from '../../../client/lib/i18n/i18n.ts';

beforeAll(async () => { await initI18n('fr'); });
const t = () => i18n.t.bind(i18n) as never;

describe('bodyErrors', () => {
  it('says a required field missing or blank, nested, on the field the server names', () => {
    expect(bodyErrors(unitRoutes.create.body, { name: { fr: '  ' }, ucumCode: 'kg', symbol: 'kg' }, t())).toEqual({ 'body.name.fr': 'Ce champ est obligatoire' });
    expect(Object.keys(bodyErrors(unitRoutes.create.body, {}, t()))).toContain('body.name');
  });

  it('says a length beyond the bound with the bound, and anything else the schema refuses as invalid', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', minLength: 2, maxLength: 4 }, n: { type: 'integer' } } };
    expect(bodyErrors(schema, { a: 'x', n: 1 }, t())).toEqual({ 'body.a': '2 caractères au moins.' });
    expect(bodyErrors(schema, { a: 'xxxxx', n: 1.5 }, t())).toEqual({ 'body.a': '4 caractères au plus.', 'body.n': 'Valeur invalide' });
  });

  it('finds nothing in a body the schema accepts', () => {
    expect(bodyErrors(alertChangeBodySchema, { comment: 'Rappel demain' }, t())).toEqual({});
  });
});
