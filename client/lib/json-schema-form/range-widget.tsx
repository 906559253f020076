/**
 * A scale (0 to 10 pain…): a slider with its ends marked, the schema's description (what 0 and
 * 10 mean) and the chosen value in words. Unanswered, it says so instead of looking set to the
 * minimum, and the value is given by the first move (click or arrow key). Read-only (a response
 * a professional reads), it says "Answer: 4 out of 10", not "Your answer".
 */
import { Input, Slider, Text } from '@mantine/core';
import { ariaDescribedByIds, rangeSpec, titleId, type WidgetProps } from '@rjsf/utils';
import type { JsonSchemaFormContext } from './form-context.ts';

export function RangeWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, rawErrors, options, onChange, onBlur, onFocus, schema, registry } = props;
  const { min = 0, max = 100, step = 1 } = rangeSpec(schema);
  const { translate } = (registry.formContext ?? {}) as JsonSchemaFormContext;
  const description = (options.description as string | undefined) ?? schema.description;
  const answered = typeof value === 'number';
  const steps = (max - min) / step;
  const marks = steps <= 10 ? Array.from({ length: steps + 1 }, (_, i) => ({ value: min + i * step, label: String(min + i * step) })) : [{ value: min, label: String(min) }, { value: max, label: String(max) }];
  return (
    <Input.Wrapper id={id} error={rawErrors?.length ? rawErrors.join('\n') : undefined}>
      {!hideLabel && label && <Input.Label id={titleId(id)} required={required}>{label}</Input.Label>}
      {description && <Input.Description>{description}</Input.Description>}
      <Slider
        id={id} min={min} max={max} step={step} marks={marks} mt="xs" mb="lg"
        value={answered ? value : min}
        color={answered ? undefined : 'gray'}
        disabled={disabled || readonly}
        onChange={(next) => { if (!disabled && !readonly) onChange(next); }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        thumbLabel={label}
        aria-labelledby={titleId(id)}
        aria-describedby={ariaDescribedByIds(id)}
        styles={answered ? undefined : { thumb: { opacity: 0.6 } }}
      />
      <Text size="sm" c={answered ? undefined : 'dimmed'} aria-live="polite" data-range-value={answered ? value : ''}>
        {translate ? translate(answered ? (disabled || readonly ? 'jsonSchemaForm.range.answered' : 'jsonSchemaForm.range.value') : disabled || readonly ? 'jsonSchemaForm.range.none' : 'jsonSchemaForm.range.unanswered', { value, max }) : answered ? String(value) : ''}
      </Text>
    </Input.Wrapper>
  );
}
