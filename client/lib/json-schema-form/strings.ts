/** rjsf's own interface strings (Add, Remove, Yes, No…) in the form's language. */
import { englishStringTranslator, TranslatableString } from '@rjsf/utils';
import type { Translate } from './cfworker-validator.ts';

const KEYS: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: 'arrayItemTitle',
  [TranslatableString.EmptyArray]: 'emptyArray',
  [TranslatableString.YesLabel]: 'yes',
  [TranslatableString.NoLabel]: 'no',
  [TranslatableString.CloseLabel]: 'close',
  [TranslatableString.ErrorsLabel]: 'errors',
  [TranslatableString.AddButton]: 'add',
  [TranslatableString.AddItemButton]: 'addItem',
  [TranslatableString.CopyButton]: 'copy',
  [TranslatableString.MoveDownButton]: 'moveDown',
  [TranslatableString.MoveUpButton]: 'moveUp',
  [TranslatableString.RemoveButton]: 'remove',
  [TranslatableString.NowLabel]: 'now',
  [TranslatableString.ClearLabel]: 'clear',
  [TranslatableString.AriaDateLabel]: 'selectDate',
  [TranslatableString.DecrementAriaLabel]: 'decrement',
  [TranslatableString.IncrementAriaLabel]: 'increment',
  [TranslatableString.OptionalObjectAdd]: 'optionalAdd',
  [TranslatableString.OptionalObjectRemove]: 'optionalRemove',
  [TranslatableString.OptionalObjectEmptyMsg]: 'optionalEmpty',
  [TranslatableString.ClearButton]: 'clear',
  [TranslatableString.OptionPrefix]: 'option',
  [TranslatableString.TitleOptionPrefix]: 'titleOption',
};

/** `%1`, `%2` of rjsf become `{{p1}}`, `{{p2}}` in the locale files. */
export function stringTranslator(translate: Translate) {
  return (value: TranslatableString, params?: string[]): string => {
    const key = KEYS[value];
    if (!key) return englishStringTranslator(value, params);
    return translate(`jsonSchemaForm.strings.${key}`, Object.fromEntries((params ?? []).map((p, i) => [`p${i + 1}`, p])));
  };
}
