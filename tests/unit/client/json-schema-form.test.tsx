// @vitest-environment happy-dom
/**
 * The forms stack (lib/json-schema-form) as a person uses it, in a DOM (happy-dom) with the real
 * i18n (namespaces loaded as in the app), Mantine and rjsf: a questionnaire-like form answers
 * nothing for the patient, keeps a number as typed and says "required" on the field in the
 * form's language (fr, en, ar, whatever the interface's); a block's props go through the same
 * component (SchemaForm) and are checked as they are typed.
 */
import { MantineProvider } from '@mantine/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BLOCK_PROPS } from '../../../schemas/blocks/index.ts';
import { initI18n } from '../../../client/lib/i18n/i18n.ts';
import { JsonSchemaForm } from '../../../client/lib/json-schema-form/json-schema-form.tsx';
import { SchemaForm } from '../../../client/lib/json-schema-form/schema-form.tsx';
import type { Language } from '../../../client/lib/languages.ts';

const questionnaire: RJSFSchema = {
  type: 'object',
  required: ['breathless', 'mood', 'weight'],
  properties: {
    breathless: { type: 'boolean', title: 'Breathless' },
    mood: { type: 'string', title: 'Mood', oneOf: [{ const: 'good', title: 'Good' }, { const: 'bad', title: 'Bad' }] },
    weight: { type: 'number', title: 'Weight' },
  },
};
const questionnaireUi: UiSchema = { breathless: { 'ui:widget': 'radio' }, mood: { 'ui:widget': 'radio' } };

function renderQuestionnaire(language: Language) {
  const onChange = vi.fn<(data: unknown) => void>();
  const onSubmit = vi.fn();
  render(
    <MantineProvider>
      <JsonSchemaForm language={language} schema={questionnaire} uiSchema={questionnaireUi}
        onChange={(e) => onChange(e.formData)} onSubmit={onSubmit} onError={() => {}}>
        <button type="submit">send</button>
      </JsonSchemaForm>
    </MantineProvider>,
  );
  return { onChange, onSubmit };
}

/** The field's wrapper: the group of the label's input, or the radio group's fieldset. */
const fieldOf = async (label: string) => (await screen.findByText(label)).closest('.mantine-InputWrapper-root, fieldset, [role="radiogroup"]') as HTMLElement;

beforeAll(async () => { await initI18n('fr'); });
afterEach(cleanup);

describe('forms stack: a questionnaire', () => {
  it.each([
    ['fr', 'Ce champ est obligatoire'],
    ['en', 'This field is required'],
    ['ar', 'هذا الحقل إلزامي'],
  ] as const)('%s: nothing answered for the patient; a send says "required" on each unanswered field', async (language, required) => {
    const { onSubmit } = renderQuestionnaire(language);
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(4);
    for (const radio of radios) expect((radio as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'send' }));
    for (const label of ['Breathless', 'Mood', 'Weight']) {
      await waitFor(async () => expect(within(await fieldOf(label)).getByText(required)).toBeTruthy());
    }
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.body.querySelector('div[dir]')?.getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
  });

  it.each([
    ['en', '1.50'],
    ['fr', '1,50'],
  ] as const)('%s: a number typed as %s stays as typed, and the form holds 1.5', async (language, typed) => {
    const { onChange } = renderQuestionnaire(language);
    const input = await screen.findByRole('textbox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: typed } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ weight: 1.5 })));
    expect(input.value).toBe(typed);
    fireEvent.blur(input);
    expect(input.value).toBe(typed);
  });
});

describe('forms stack: block props through SchemaForm', () => {
  function Props({ initial, onValue }: { initial: Record<string, unknown>; onValue(v: Record<string, unknown>): void }) {
    const [value, setValue] = useState(initial);
    return <SchemaForm schema={BLOCK_PROPS.alerts} uiSchema={{ pageSize: { 'ui:title': 'Page size' } }} value={value} language="en"
      onChange={(next) => { setValue(next); onValue(next); }} />;
  }

  it('shows the props with their values, no submit button, no error while they are valid', async () => {
    const onValue = vi.fn();
    render(<MantineProvider><Props initial={{ pageSize: 5 }} onValue={onValue} /></MantineProvider>);
    const field = await fieldOf('Page size');
    expect(screen.queryByRole('button', { name: /submit/i })).toBeNull();
    const select = within(field).getByRole('combobox') as HTMLSelectElement;
    expect(select.value).not.toBe('');
    expect(within(field).queryByText(/must be|allowed/i)).toBeNull();
  });

  it('validates as typed: a text property refused by its pattern gets its message on the field', async () => {
    const schema = BLOCK_PROPS['link-list'];
    const onChange = vi.fn<(v: Record<string, unknown>) => void>();
    function Links() {
      const [value, setValue] = useState<Record<string, unknown>>({ links: [{ label: 'Tasks', href: 'my-tasks' }] });
      return <SchemaForm schema={schema} value={value} language="fr" onChange={(next) => { setValue(next); onChange(next); }} />;
    }
    render(<MantineProvider><Links /></MantineProvider>);
    const href = await screen.findByDisplayValue('my-tasks');
    fireEvent.change(href, { target: { value: 'javascript:alert(1)' } });
    fireEvent.blur(href);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ links: [{ label: 'Tasks', href: 'javascript:alert(1)' }] }));
    await waitFor(() => expect(href.closest('.mantine-InputWrapper-root')!.textContent).toContain("Le format n'est pas valide"));
  });
});
