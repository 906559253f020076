/**
 * rjsf validators of the block props forms, from the precompiled code (no `new Function`, so
 * the strict Content-Security-Policy holds), with ajv's messages in the interface language.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import localizeAr from 'ajv-i18n/localize/ar';
import localizeEn from 'ajv-i18n/localize/en';
import localizeFr from 'ajv-i18n/localize/fr';
import type { BlockType } from '../../../../schemas/blocks/index.ts';
import { blockValidators } from './block-validators.generated.ts';

const localizers = { fr: localizeFr, en: localizeEn, ar: localizeAr } as const;
const cache = new Map<string, ValidatorType>();

export function propsValidator(type: BlockType, schema: object, language: string): ValidatorType {
  const key = `${type}:${language}`;
  let validator = cache.get(key);
  if (!validator) {
    const localizer = localizers[language as keyof typeof localizers] ?? localizeFr;
    validator = createPrecompiledValidator(blockValidators[type] as ValidatorFunctions, schema as RJSFSchema, localizer as never);
    cache.set(key, validator);
  }
  return validator;
}
