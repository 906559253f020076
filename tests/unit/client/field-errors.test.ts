/**
 * One reading of a refusal's field messages (client/lib/api/field-errors.ts) for Mantine screens
 * and SchemaForm alike: a 409 NOT_UNIQUE_ERROR on `body.name` lands on its field like a 400 did,
 * `errors[]` lists several, and an answer that is not a refusal (500) names no field.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../client/lib/api/api-error.ts';
import { fieldErrorsOf, messagesByField } from '../../../client/lib/api/field-errors.ts';
import { serverErrors } from '../../../client/lib/json-schema-form/server-errors.ts';

const notUnique = new ApiError(409, { code: 'NOT_UNIQUE_ERROR', message: 'Ce nom est déjà utilisé.', field: 'body.name' });

describe('field errors of a refusal', () => {
  it('reads a 409 NOT_UNIQUE_ERROR on its field, for screens and for SchemaForm', () => {
    expect(messagesByField(notUnique)).toEqual({ 'body.name': 'Ce nom est déjà utilisé.' });
    expect(serverErrors(notUnique, 'body.', ['name'])).toEqual({ name: { __errors: ['Ce nom est déjà utilisé.'] } });
  });

  it('keeps every message of errors[] for the form, the first for a screen', () => {
    const invalid = new ApiError(400, { code: 'validation_error', message: 'Invalide', errors: [
      { field: 'body.planning.windowHours', code: 'minimum', message: 'Au moins 1.' },
      { field: 'body.planning.windowHours', code: 'integer', message: 'Un nombre entier.' },
      { field: 'body.note', code: 'maxLength', message: 'Trop long.' },
    ] } as never);
    expect(serverErrors(invalid, 'body.planning.', ['windowHours'])).toEqual({ windowHours: { __errors: ['Au moins 1.', 'Un nombre entier.'] } });
    expect(messagesByField(invalid)).toEqual({ 'body.planning.windowHours': 'Au moins 1.', 'body.note': 'Trop long.' });
  });

  it('names no field for a server failure, a refusal without field, or a foreign error', () => {
    expect(fieldErrorsOf(new ApiError(500, { code: 'internal_error', message: 'Erreur', field: 'body.name' } as never))).toEqual([]);
    expect(fieldErrorsOf(new ApiError(409, { code: 'unit_in_use', message: 'Utilisée' }))).toEqual([]);
    expect(fieldErrorsOf(new Error('network'))).toEqual([]);
    expect(serverErrors(notUnique, 'body.', ['label'])).toBeUndefined();
  });
});
