/**
 * How rjsf fills a new form: with nothing the patient did not choose. Only a schema's own
 * `default` (and a hidden discriminator's const, hidden-const-defaults.ts) becomes a value.
 * - `requiredBooleanDefault: 'skip'`: rjsf otherwise sets every required boolean to `false`, so a
 *   yes/no question shown as radio starts on "No" and an untouched form sends `false` (the demo
 *   heart-failure form's "Unusual breathlessness"): a clinical answer nobody gave. Left unset,
 *   `required` blocks the send with the mandatory message on the question.
 * - `constAsDefaults: 'never'`: a `const: true` consent box would start ticked, and the first
 *   `oneOf` answer would start selected.
 * Every form of the application (JsonSchemaForm) uses these; tests check them per widget kind.
 */
import type { Experimental_DefaultFormStateBehavior } from '@rjsf/utils';

export const NO_ANSWER_DEFAULTS = {
  constAsDefaults: 'never',
  requiredBooleanDefault: 'skip',
} as const satisfies Experimental_DefaultFormStateBehavior;
