/** rjsf takes no `const` as a default (no answer given for the patient), except hidden discriminators. */
import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { createCfworkerValidator } from '../../../../client/lib/json-schema-form/cfworker-validator.ts';
import { withHiddenConstDefaults } from '../../../../client/lib/json-schema-form/hidden-const-defaults.ts';
import { NO_ANSWER_DEFAULTS } from '../../../../client/lib/json-schema-form/no-answer-defaults.ts';
import { corpusFiles } from '../../../helpers/form-corpus.ts';

const byId = (id: string) => corpusFiles().find((c) => c.id === id && c.scope === 'default')!.json;
const validator = createCfworkerValidator((k) => k);

function defaultsOf(id: string, formData: object = {}) {
  const form = byId(id);
  const schema = withHiddenConstDefaults(form.schema, form.uiSchema) as RJSFSchema;
  return createSchemaUtils(validator, schema, NO_ANSWER_DEFAULTS).getDefaultFormState(schema, formData);
}

describe('defaults of a new answer (as JsonSchemaForm configures rjsf)', () => {
  it.each<[string, string, object, object]>([
    ['no wound aspect is chosen for the patient', 'post-operative-follow-up', {}, {}],
    // rjsf shows a oneOf object with its first option: its hidden discriminator goes with it.
    ['the consent box is not ticked (not even false), no smoking status chosen; the integrator\'s default units stay', 'schema-showcase', {}, { identity: { contact: { channel: 'phone' } }, units: 'metric' }],
    ['the hidden channel of the chosen contact branch is filled in', 'schema-showcase', { identity: { contact: {} } }, { identity: { contact: { channel: 'phone' } }, units: 'metric' }],
  ])('%s', (_label, id, formData, expected) => expect(defaultsOf(id, formData)).toEqual(expected));

  it('leaves the definition unchanged', () => {
    const form = byId('schema-showcase');
    const before = JSON.stringify(form.schema);
    withHiddenConstDefaults(form.schema, form.uiSchema);
    expect(JSON.stringify(form.schema)).toBe(before);
  });
});
