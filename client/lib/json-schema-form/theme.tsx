/**
 * The rjsf theme of the application: @rjsf/mantine's widgets and templates, with numbers
 * written the way the form's language writes them (37,2 in French).
 */
import '@mantine/dates/styles.css';
import { generateTheme } from '@rjsf/mantine';
import type { ThemeProps } from '@rjsf/core';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { createElement, type ComponentType } from 'react';
import { RangeWidget } from './range-widget.tsx';

const mantine = generateTheme();
const MantineBaseInput = mantine.templates!.BaseInputTemplate as ComponentType<BaseInputTemplateProps>;

export interface JsonSchemaFormContext {
  /** Decimal separator of the form's language. */
  decimalSeparator?: string;
  /** Texts in the form's language (JsonSchemaForm sets it). */
  translate?: (key: string, options?: Record<string, unknown>) => string;
  [key: string]: unknown;
}

function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { decimalSeparator } = (props.registry.formContext ?? {}) as JsonSchemaFormContext;
  const numeric = props.type === 'number' || props.type === 'integer' || props.schema.type === 'number' || props.schema.type === 'integer';
  if (!numeric || !decimalSeparator) return createElement(MantineBaseInput, props);
  return createElement(MantineBaseInput, { ...props, options: { ...props.options, decimalSeparator } });
}

export const theme: ThemeProps = {
  ...mantine,
  templates: { ...mantine.templates, BaseInputTemplate },
  widgets: { ...mantine.widgets, RangeWidget },
};

