/**
 * Widgets of the theme that replace @rjsf/mantine's where a questionnaire needs it:
 * - text inputs and text areas answer keystrokes locally (buffered-value.ts);
 * - a single choice in a list is a native select, a multiple choice a list of checkboxes:
 *   Mantine's Select and MultiSelect each mount a floating popover (positions computed at mount),
 *   which made a 300-question form take over a second; native controls are also what phones show
 *   best. A date is the interface's (date-widget.tsx), not the browser's native input;
 * - numbers are read without rjsf's NumberField, which builds an Intl.NumberFormat of the
 *   browser's locale on every render of every number field.
 */
import { NativeSelect } from '@mantine/core';
import {
  ariaDescribedByIds, enumOptionsIndexForValue, enumOptionsValueForIndex, labelValue,
  type BaseInputTemplateProps, type FieldProps, type WidgetProps,
} from '@rjsf/utils';
import { createElement, useCallback, type ComponentType, type FocusEvent, type KeyboardEvent } from 'react';
import { useBufferedValue } from './buffered-value.ts';

/** Wraps a text widget or template so that it holds what is typed until a pause. */
export function buffered<P extends WidgetProps | BaseInputTemplateProps>(Inner: ComponentType<P>): ComponentType<P> {
  function Buffered(props: P) {
    const { value, change, flush } = useBufferedValue(props.value as unknown, props.onChange as (v: unknown) => void);
    const onBlur = useCallback((id: string, v: unknown) => { flush(); props.onBlur(id, v); }, [flush, props]);
    return createElement('div', {
      // Enter submits the form: what was typed must be in it first.
      onKeyDownCapture: (e: KeyboardEvent) => { if (e.key === 'Enter') flush(); },
      onBlurCapture: (_e: FocusEvent) => flush(),
      style: { display: 'contents' },
    }, createElement(Inner as ComponentType<P>, { ...props, value, onChange: change, onBlur } as P));
  }
  Buffered.displayName = `Buffered(${Inner.displayName ?? Inner.name})`;
  return Buffered;
}

export function SelectWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, rawErrors, options, onChange, onBlur, onFocus, multiple, placeholder, registry } = props;
  if (multiple) return createElement(registry.widgets.CheckboxesWidget as ComponentType<WidgetProps>, props);
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const selected = enumOptionsIndexForValue(value, enumOptions, false) as string | undefined;
  const pick = (index: string) => enumOptionsValueForIndex(index === '' ? undefined as never : index, enumOptions, emptyValue);
  return createElement(NativeSelect, {
    id, name: id, required, disabled: disabled || readonly,
    label: labelValue(label || undefined, hideLabel, false),
    error: rawErrors?.length ? rawErrors.join('\n') : undefined,
    value: selected ?? '',
    data: [{ value: '', label: placeholder ?? '' }, ...enumOptions.map((o, i) => ({ value: String(i), label: o.label, disabled: Array.isArray(enumDisabled) && enumDisabled.includes(o.value) }))],
    onChange: (e: { currentTarget: HTMLSelectElement }) => onChange(pick(e.currentTarget.value)),
    onBlur: (e: { currentTarget: HTMLSelectElement }) => onBlur(id, pick(e.currentTarget.value)),
    onFocus: (e: { currentTarget: HTMLSelectElement }) => onFocus(id, pick(e.currentTarget.value)),
    'aria-describedby': ariaDescribedByIds(id),
  });
}

/** Arabic-Indic and Persian digits, the Arabic decimal separator: the same number as 0-9 and '.'. */
const DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const toLatinDigit = (d: string) => String(d.charCodeAt(0) & 0xf);

/**
 * What a number question's text means: a number when it is one, written with '.' or ','
 * (37,2 in French) or Arabic digits; the text itself otherwise, so the validator says "enter a
 * number" on the question. Never rounded, clamped or cut: 4.5 in a whole-number question stays
 * 4.5 and the validator says so.
 */
export function toNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(DIGITS, toLatinDigit).replace(/[,\u066B]/, '.').replace(/^[\u2212\u2013]/, '-');
  if (text === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) && /^[-+]?\d*\.?\d+$|^[-+]?\d+\.?$/.test(text) ? n : value;
}

export function NumberField(props: FieldProps) {
  const StringField = props.registry.fields.StringField as ComponentType<FieldProps>;
  const { onChange } = props;
  const change = useCallback((value: unknown, ...rest: unknown[]) => (onChange as (...a: unknown[]) => void)(toNumber(value), ...rest), [onChange]);
  return createElement(StringField, { ...props, onChange: change as FieldProps['onChange'] });
}
