/**
 * The rjsf theme of the application: @rjsf/mantine's widgets and templates, with numbers
 * written the way the form's language writes them (37,2 in French) and kept as typed
 * (number-input.tsx).
 */
import '@mantine/dates/styles.css';
import { generateTheme } from '@rjsf/mantine';
import type { ThemeProps } from '@rjsf/core';
import type { BaseInputTemplateProps, WidgetProps } from '@rjsf/utils';
import { createElement, type ComponentType } from 'react';
import { NumberTextInput } from './number-input.tsx';
import type { JsonSchemaFormContext } from './form-context.ts';
import { RangeWidget } from './range-widget.tsx';
import { DateWidget } from './date-widget.tsx';
import { buffered, NumberField, SelectWidget } from './widgets.tsx';

const mantine = generateTheme();
const MantineBaseInput = mantine.templates!.BaseInputTemplate as ComponentType<BaseInputTemplateProps>;

export type { JsonSchemaFormContext };

const BufferedBaseInput = buffered(MantineBaseInput);

function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { decimalSeparator = '.' } = (props.registry.formContext ?? {}) as JsonSchemaFormContext;
  const numeric = props.type === 'number' || props.type === 'integer' || props.schema.type === 'number' || props.schema.type === 'integer';
  if (numeric) return createElement(NumberTextInput, { ...props, Inner: MantineBaseInput, decimalSeparator });
  return createElement(props.type === 'date' || props.type === 'datetime-local' ? MantineBaseInput : BufferedBaseInput, props);
}

export const theme: ThemeProps = {
  ...mantine,
  templates: { ...mantine.templates, BaseInputTemplate },
  widgets: {
    ...mantine.widgets, RangeWidget, SelectWidget, DateWidget,
    TextareaWidget: buffered(mantine.widgets!.TextareaWidget as ComponentType<WidgetProps>),
  },
  fields: { ...mantine.fields, NumberField },
};

