// @vitest-environment happy-dom
/**
 * The questionnaire's error summary (features/questionnaires/answer/error-summary.tsx) as a
 * keyboard or screen-reader user follows it: after a refused send, each link of the summary
 * reaches its question and puts the focus on the question's own control, for every widget kind
 * of the questionnaire corpus (text, text area, email, number, whole number, slider, radio,
 * yes/no, list, checkboxes, a box to tick, date, a question inside a group); the control keeps
 * the question's id (`root_…`, the link's target) and its `aria-describedby` leads to the
 * message. A date question says the date format in the form's language.
 */
import { MantineProvider } from '@mantine/core';
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ErrorSummary, type SummaryItem } from '../../../../client/features/questionnaires/answer/error-summary.tsx';
import { formProblems } from '../../../../client/features/questionnaires/answer/summary-sync.ts';
import { fieldId } from '../../../../client/features/questionnaires/definition/question-title.ts';
import { initI18n } from '../../../../client/lib/i18n/i18n.ts';
import { JsonSchemaForm } from '../../../../client/lib/json-schema-form/json-schema-form.tsx';
import type { Language } from '../../../../client/lib/languages.ts';

const kinds: Record<string, { schema: RJSFSchema; ui?: UiSchema }> = {
  text: { schema: { type: 'string', title: 'Text' } },
  textarea: { schema: { type: 'string', title: 'Text area' }, ui: { 'ui:widget': 'textarea' } },
  email: { schema: { type: 'string', format: 'email', title: 'Email' } },
  number: { schema: { type: 'number', title: 'Number' } },
  integer: { schema: { type: 'integer', title: 'Whole number' } },
  range: { schema: { type: 'integer', minimum: 0, maximum: 10, title: 'Slider' }, ui: { 'ui:widget': 'range' } },
  radio: { schema: { type: 'string', title: 'Radio', oneOf: [{ const: 'a', title: 'A' }, { const: 'b', title: 'B' }] }, ui: { 'ui:widget': 'radio' } },
  yesNo: { schema: { type: 'boolean', title: 'Yes or no' }, ui: { 'ui:widget': 'radio' } },
  select: { schema: { type: 'string', title: 'List', enum: ['x', 'y'] } },
  checkboxes: {
    schema: { type: 'array', title: 'Checkboxes', minItems: 1, uniqueItems: true, items: { type: 'string', enum: ['m', 'n'] } },
    ui: { 'ui:widget': 'checkboxes' },
  },
  tick: { schema: { type: 'boolean', const: true, title: 'Tick' } },
  date: { schema: { type: 'string', format: 'date', title: 'Date' } },
  group: { schema: { type: 'object', title: 'Group', required: ['inner'], properties: { inner: { type: 'string', title: 'Inner' } } } },
};
const schema: RJSFSchema = {
  type: 'object',
  required: Object.keys(kinds),
  properties: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, v.schema])),
};
const uiSchema: UiSchema = Object.fromEntries(Object.entries(kinds).filter(([, v]) => v.ui).map(([k, v]) => [k, v.ui]));

function Questionnaire({ language }: { language: Language }) {
  const [items, setItems] = useState<SummaryItem[]>([]);
  const onError = (errors: RJSFValidationError[]) =>
    setItems(formProblems(errors, '?').map((p) => ({ path: p.path, title: p.path.join(' / '), message: p.message })));
  return (
    <MantineProvider>
      <ErrorSummary items={items} t={i18next.getFixedT(language)} language={language} />
      <JsonSchemaForm language={language} schema={schema} uiSchema={uiSchema} onError={onError} focusOnFirstError={false}>
        <button type="submit">send</button>
      </JsonSchemaForm>
    </MantineProvider>
  );
}

beforeAll(async () => { await initI18n('fr'); });
afterEach(cleanup);

describe('questionnaire error summary: every link reaches and focuses its question', () => {
  it('for every widget kind', async () => {
    render(<Questionnaire language="fr" />);
    fireEvent.click(await screen.findByRole('button', { name: 'send' }));
    const summary = await screen.findByTestId('error-summary');
    const links = await within(summary).findAllByRole('link');
    const targets = links.map((l) => l.getAttribute('href')!.slice(1));
    // One link per question, the group's question by its inner one.
    expect(targets.sort()).toEqual([...Object.keys(kinds).filter((k) => k !== 'group').map((k) => fieldId([k])), fieldId(['group', 'inner'])].sort());

    const reached: Record<string, string | null> = {};
    for (const link of links) {
      const id = link.getAttribute('href')!.slice(1);
      fireEvent.click(link);
      const focused = document.activeElement as HTMLElement;
      // The focus is on a control of the question: its own id, or inside the element with it (a radio group).
      const field = document.getElementById(id);
      reached[id] = field && (field === focused || field.contains(focused)) && focused.matches('input, select, textarea, [role=slider]') ? 'focused' : `${focused.tagName}#${focused.id}`;
    }
    expect(reached).toEqual(Object.fromEntries(targets.map((id) => [id, 'focused'])));
  });

  it("a control's aria-describedby leads to its message; the date keeps the question's id", async () => {
    render(<Questionnaire language="fr" />);
    fireEvent.click(await screen.findByRole('button', { name: 'send' }));
    await screen.findByTestId('error-summary');
    const date = document.getElementById(fieldId(['date'])) as HTMLInputElement;
    expect(date?.tagName).toBe('INPUT');
    for (const key of ['text', 'date', 'number', 'select']) {
      const control = document.getElementById(fieldId([key]))!;
      const described = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).map((ref) => document.getElementById(ref)).filter(Boolean);
      expect(described.map((el) => el!.textContent).join(' '), key).toContain('Ce champ est obligatoire');
    }
  });

  it.each([['fr', 'JJ/MM/AAAA'], ['en', 'DD/MM/YYYY']] as const)('%s: the date question says the format as %s', async (language, format) => {
    render(<Questionnaire language={language} />);
    await waitFor(() => expect(document.getElementById(fieldId(['date']))?.getAttribute('placeholder')).toBe(format));
  });
});
