/**
 * A number question as a text input that keeps what the patient typed. Mantine's NumberInput
 * changed answers behind their back: 11 under `maximum: 10` became 10 on blur and was sent, 4.5
 * in a whole-number question became 0. Here the text stays as typed ("4,5" in French is 4.5;
 * '.' and Arabic digits are read too); the form gets the number it means, or the text when it is
 * not a number, and the validator shows the error on the question. Nothing is rounded, clamped
 * or cut. Keystrokes are answered locally and handed to rjsf after a pause (buffered-value.ts).
 */
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { createElement, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useBufferedValue } from './buffered-value.ts';
import { toNumber } from './widgets.tsx';

/** A value the form holds, as the form's language writes it (37,2 in French). */
export const numberText = (value: unknown, decimalSeparator: string) =>
  typeof value === 'number' ? String(value).replace('.', decimalSeparator) : typeof value === 'string' ? value : '';

export function NumberTextInput({ Inner, decimalSeparator, ...props }: BaseInputTemplateProps & { Inner: ComponentType<BaseInputTemplateProps>; decimalSeparator: string }) {
  const { value, onChange, onBlur } = props;
  const [text, setText] = useState(() => numberText(value, decimalSeparator));
  /** What the form holds for the text shown: a change to anything else came from outside. */
  const meant = useRef<unknown>(value);
  useEffect(() => {
    if (!Object.is(value, meant.current)) { meant.current = value; setText(numberText(value, decimalSeparator)); }
  }, [value, decimalSeparator]);
  const commit = useCallback((next: string) => {
    meant.current = toNumber(next);
    onChange(next === '' ? undefined : next);
  }, [onChange]);
  const buffered = useBufferedValue(text, commit);
  const blur = useCallback((id: string, v: unknown) => { buffered.flush(); onBlur(id, v); }, [buffered, onBlur]);
  const integer = props.schema.type === 'integer';
  return createElement('div', {
    // Enter submits the form: what was typed must be in it first.
    onKeyDownCapture: (e: { key: string }) => { if (e.key === 'Enter') buffered.flush(); },
    style: { display: 'contents' },
  }, createElement(Inner, {
    ...props,
    type: 'text',
    value: buffered.value,
    onChange: buffered.change as BaseInputTemplateProps['onChange'],
    onBlur: blur,
    // The phone's keyboard with digits (and a decimal key unless whole numbers are asked).
    options: { ...props.options, inputMode: integer ? 'numeric' : 'decimal' },
  }));
}
