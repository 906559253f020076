/**
 * A protocol's form (issue 11 §8): its name and description in three languages, its services,
 * its questionnaires with their planning (the questionnaires' planning shape in the forms stack,
 * SchemaForm over planningSchema, as the file's own planning dialog), its thresholds (indicator,
 * level, operator, mode, value) and its non-compliance rules (indicators, period in days, level of
 * their alerts: the establishment's least urgent unless one is chosen).
 *
 * Nothing is preselected: a new row's choices are empty until picked. Numbers are kept as typed
 * (a comma read as the decimal point) and sent as such, never rounded; what is missing or not a
 * number is said on its field before sending, and the server's refusals land on the field it names
 * (`body.boundaries.0.levelId`).
 */
import { ActionIcon, Button, Checkbox, Fieldset, Group, MultiSelect, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typedText } from '../../lib/i18n/use-number.ts';
import type { Language } from '../../lib/languages.ts';
import { planningSchema, type Planning } from '../../../schemas/form-api.ts';
import { LANGUAGES } from '../../../schemas/common.ts';
import type { Protocol, ProtocolBody } from '../../../schemas/protocols.ts';
import { BOUNDARY_MODES, BOUNDARY_OPERATORS, type BoundaryMode, type BoundaryOperator } from '../../../schemas/telemonitoring.ts';
import { SchemaForm } from '../../lib/json-schema-form/schema-form.tsx';
import type { ErrorSchema } from '@rjsf/utils';
import { PROTOCOLS } from './texts.ts';

type Texts = Record<(typeof LANGUAGES)[number], string>;
export interface ProtocolOptions {
  services: { id: string; name: string }[];
  forms: { id: string; name: string; submissionType: 'FREE' | 'PLANNED' }[];
  indicators: { id: string; name: string; unit?: string }[];
  levels: { id: string; name: string }[];
}
interface FormRow { key: number; formId: string | null; ownPlanning: boolean; planning: Partial<Planning> }
interface BoundaryRow { key: number; indicatorId: string | null; levelId: string | null; operator: string | null; mode: string | null; value: string }
interface RuleRow { key: number; indicators: string[]; periodInDays: string; levelId: string | null }
export interface Draft { name: Texts; description: Texts; serviceIds: string[]; forms: FormRow[]; boundaries: BoundaryRow[]; rules: RuleRow[] }

let keys = 0;
const nextKey = () => ++keys;
const texts = (value?: Partial<Record<string, string>> | null): Texts => ({ fr: value?.fr ?? '', en: value?.en ?? '', ar: value?.ar ?? '' });

export function draftOf(protocol: Protocol | undefined, language: Language): Draft {
  return {
    name: texts(protocol?.name), description: texts(protocol?.description),
    serviceIds: protocol?.services.map((s) => s.id) ?? [],
    forms: protocol?.forms.map((f) => ({ key: nextKey(), formId: f.formId, ownPlanning: f.planning !== null, planning: f.planning ?? {} })) ?? [],
    boundaries: protocol?.boundaries.map((b) => ({ key: nextKey(), indicatorId: b.indicatorId, levelId: b.levelId, operator: b.operator, mode: b.mode, value: typedText(language, b.value) })) ?? [],
    rules: protocol?.nonObservanceRules.map((r) => ({ key: nextKey(), indicators: r.indicators.map((i) => i.id), periodInDays: String(r.periodInDays), levelId: r.levelId })) ?? [],
  };
}

/** A number as typed (a comma is the decimal point); undefined when it is not one. */
const numberOf = (typed: string): number | undefined => {
  const text = typed.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return undefined;
  return Number(text);
};
const filled = (texts: Texts) => Object.fromEntries(Object.entries(texts).filter(([, v]) => v !== '')) as Partial<Texts>;

/** The body the draft makes, or the fields it leaves missing or wrong (message keys, by the server's field names). */
export function bodyOf(draft: Draft): { body: ProtocolBody } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (draft.name.fr.trim() === '') errors['body.name.fr'] = 'required';
  draft.forms.forEach((f, i) => {
    if (!f.formId) errors[`body.forms.${i}.formId`] = 'required';
    if (f.ownPlanning) for (const field of planningSchema.required) if (f.planning[field] === undefined) errors[`body.forms.${i}.planning.${field}`] = 'required';
  });
  draft.boundaries.forEach((b, i) => {
    for (const field of ['indicatorId', 'levelId', 'operator', 'mode'] as const) if (!b[field]) errors[`body.boundaries.${i}.${field}`] = 'required';
    if (b.value.trim() === '') errors[`body.boundaries.${i}.value`] = 'required';
    else if (numberOf(b.value) === undefined) errors[`body.boundaries.${i}.value`] = 'number';
  });
  draft.rules.forEach((r, i) => {
    if (r.indicators.length === 0) errors[`body.nonObservanceRules.${i}.indicators`] = 'required';
    const period = numberOf(r.periodInDays);
    if (r.periodInDays.trim() === '') errors[`body.nonObservanceRules.${i}.periodInDays`] = 'required';
    else if (period === undefined || !Number.isInteger(period) || period < 1 || period > 365) errors[`body.nonObservanceRules.${i}.periodInDays`] = 'period';
  });
  if (Object.keys(errors).length) return { errors };
  const description = filled(draft.description);
  return {
    body: {
      name: { ...filled(draft.name), fr: draft.name.fr },
      description: Object.keys(description).length ? description : null,
      serviceIds: draft.serviceIds,
      forms: draft.forms.map((f) => ({ formId: f.formId!, planning: f.ownPlanning ? (f.planning as Planning) : null })),
      boundaries: draft.boundaries.map((b) => ({
        indicatorId: b.indicatorId!, levelId: b.levelId!, operator: b.operator as BoundaryOperator, mode: b.mode as BoundaryMode, value: numberOf(b.value)!,
      })),
      nonObservanceRules: draft.rules.map((r) => ({ indicators: r.indicators, periodInDays: numberOf(r.periodInDays)!, levelId: r.levelId })),
    },
  };
}

interface Props {
  initial?: Protocol;
  options: ProtocolOptions;
  /** The server's messages by field (`body.name.fr`), already in the interface's language. */
  serverErrors?: Record<string, string>;
  saving?: boolean;
  readOnly?: boolean;
  onSubmit(body: ProtocolBody): void;
}

export function ProtocolEditor({ initial, options, serverErrors = {}, saving = false, readOnly = false, onSubmit }: Props) {
  const { t, i18n } = useTranslation(PROTOCOLS);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial, i18n.language as Language));
  const [checked, setChecked] = useState<Record<string, string>>({});
  const k = (key: string) => `protocols.editor.${key}`;
  const errorOf = (field: string) => serverErrors[field] ?? (checked[field] ? t(k(`errors.${checked[field]}`)) : undefined);
  const update = (change: (d: Draft) => Draft) => setDraft((d) => change(d));
  const setRow = <R extends 'forms' | 'boundaries' | 'rules'>(list: R, index: number, patch: Partial<Draft[R][number]>) =>
    update((d) => ({ ...d, [list]: d[list].map((row, i) => (i === index ? { ...row, ...patch } : row)) }));
  const removeRow = (list: 'forms' | 'boundaries' | 'rules', index: number) => update((d) => ({ ...d, [list]: d[list].filter((_, i) => i !== index) }));

  const serviceData = options.services.map((s) => ({ value: s.id, label: s.name }));
  const formData = options.forms.map((f) => ({ value: f.id, label: f.name }));
  const indicatorData = options.indicators.map((i) => ({ value: i.id, label: i.unit ? `${i.name} (${i.unit})` : i.name }));
  const levelData = options.levels.map((l) => ({ value: l.id, label: l.name }));
  const operatorData = BOUNDARY_OPERATORS.map((o) => ({ value: o, label: t(k(`operators.${o}`)) }));
  const modeData = BOUNDARY_MODES.map((m) => ({ value: m, label: t(k(`modes.${m}`)) }));
  const planning = useMemo(() => ({
    ...planningSchema,
    properties: Object.fromEntries(Object.entries(planningSchema.properties).map(([name, schema]) => [name, { ...schema, title: t(k(`planning.${name}`)) }])),
  }), [t]); // eslint-disable-line react-hooks/exhaustive-deps -- k reads t only

  const submit = () => {
    const result = bodyOf(draft);
    if ('errors' in result) { setChecked(result.errors); return; }
    setChecked({});
    onSubmit(result.body);
  };
  const languageLabel = (l: string) => t(k(`languages.${l}`));

  return (
    <Stack gap="lg">
      <Fieldset legend={t(k('general'))} disabled={readOnly}>
        <Stack gap="sm">
          {LANGUAGES.map((l) => (
            <TextInput key={l} label={t(k('name'), { language: languageLabel(l) })} required={l === 'fr'} dir={l === 'ar' ? 'rtl' : 'ltr'} lang={l}
              value={draft.name[l]} onChange={(e) => { const value = e.currentTarget.value; update((d) => ({ ...d, name: { ...d.name, [l]: value } })); }}
              error={errorOf(`body.name.${l}`)} maxLength={200} />
          ))}
          {LANGUAGES.map((l) => (
            <Textarea key={l} label={t(k('description'), { language: languageLabel(l) })} dir={l === 'ar' ? 'rtl' : 'ltr'} lang={l} rows={2}
              value={draft.description[l]} onChange={(e) => { const value = e.currentTarget.value; update((d) => ({ ...d, description: { ...d.description, [l]: value } })); }}
              error={errorOf(`body.description.${l}`)} maxLength={2000} />
          ))}
          <MultiSelect label={t(k('services'))} description={t(k('servicesHint'))} data={serviceData} value={draft.serviceIds} searchable
            onChange={(serviceIds) => update((d) => ({ ...d, serviceIds }))}
            error={Object.entries(serverErrors).find(([f]) => f.startsWith('body.serviceIds'))?.[1]} />
        </Stack>
      </Fieldset>

      <Fieldset legend={t(k('forms'))} disabled={readOnly}>
        <Stack gap="md">
          {draft.forms.length === 0 && <Text c="dimmed" size="sm">{t(k('noForms'))}</Text>}
          {draft.forms.map((row, i) => {
            const form = options.forms.find((f) => f.id === row.formId);
            return (
              <Stack key={row.key} gap="xs" role="group" aria-label={t(k('formRow'), { n: i + 1 })}>
                <Group align="flex-end" gap="sm" wrap="wrap">
                  <Select label={t(k('form'))} data={formData} value={row.formId} searchable required style={{ flex: 1, minWidth: 220 }}
                    onChange={(formId) => setRow('forms', i, { formId, ownPlanning: false, planning: {} })} error={errorOf(`body.forms.${i}.formId`)} />
                  <Button variant="subtle" color="negative" onClick={() => removeRow('forms', i)}>{t(k('remove'))}</Button>
                </Group>
                {form?.submissionType === 'PLANNED' && (
                  <Checkbox label={t(k('ownPlanning'))} checked={row.ownPlanning} onChange={(e) => setRow('forms', i, { ownPlanning: e.currentTarget.checked })} />
                )}
                {form?.submissionType === 'FREE' && <Text size="sm" c="dimmed">{t(k('freeForm'))}</Text>}
                {form?.submissionType === 'PLANNED' && !row.ownPlanning && <Text size="sm" c="dimmed">{t(k('formPlanning'))}</Text>}
                {row.ownPlanning && (
                  <SchemaForm schema={planning} value={row.planning} readOnly={readOnly} onChange={(value: Partial<Planning>) => setRow('forms', i, { planning: value })}
                    errors={Object.fromEntries(Object.keys(planningSchema.properties).flatMap((name) => {
                      const message = errorOf(`body.forms.${i}.planning.${name}`);
                      return message ? [[name, { __errors: [message] }]] : [];
                    })) as ErrorSchema} />
                )}
                {errorOf(`body.forms.${i}.planning`) && <Text c="negative" size="sm" role="alert">{errorOf(`body.forms.${i}.planning`)}</Text>}
              </Stack>
            );
          })}
          <Group><Button variant="light" onClick={() => update((d) => ({ ...d, forms: [...d.forms, { key: nextKey(), formId: null, ownPlanning: false, planning: {} }] }))}>{t(k('addForm'))}</Button></Group>
        </Stack>
      </Fieldset>

      <Fieldset legend={t(k('boundaries'))} disabled={readOnly}>
        <Stack gap="md">
          {draft.boundaries.length === 0 && <Text c="dimmed" size="sm">{t(k('noBoundaries'))}</Text>}
          {draft.boundaries.map((row, i) => {
            const field = (name: string) => `body.boundaries.${i}.${name}`;
            return (
              <Group key={row.key} align="flex-start" gap="sm" wrap="wrap" role="group" aria-label={t(k('boundaryRow'), { n: i + 1 })}>
                <Select label={t(k('indicator'))} data={indicatorData} value={row.indicatorId} searchable required w={220}
                  onChange={(indicatorId) => setRow('boundaries', i, { indicatorId })} error={errorOf(field('indicatorId'))} />
                <Select label={t(k('level'))} data={levelData} value={row.levelId} required w={150}
                  onChange={(levelId) => setRow('boundaries', i, { levelId })} error={errorOf(field('levelId'))} />
                <Select label={t(k('operator'))} data={operatorData} value={row.operator} required w={190}
                  onChange={(operator) => setRow('boundaries', i, { operator })} error={errorOf(field('operator'))} />
                <Select label={t(k('mode'))} data={modeData} value={row.mode} required w={230}
                  onChange={(mode) => setRow('boundaries', i, { mode })} error={errorOf(field('mode'))} />
                <TextInput label={t(k('value'))} value={row.value} inputMode="decimal" required w={110} dir="ltr"
                  onChange={(e) => setRow('boundaries', i, { value: e.currentTarget.value })} error={errorOf(field('value'))} />
                <ActionIcon variant="subtle" color="negative" mt={28} aria-label={t(k('removeBoundary'), { n: i + 1 })} onClick={() => removeRow('boundaries', i)}>×</ActionIcon>
              </Group>
            );
          })}
          <Group><Button variant="light" onClick={() => update((d) => ({ ...d, boundaries: [...d.boundaries, { key: nextKey(), indicatorId: null, levelId: null, operator: null, mode: null, value: '' }] }))}>{t(k('addBoundary'))}</Button></Group>
        </Stack>
      </Fieldset>

      <Fieldset legend={t(k('rules'))} disabled={readOnly}>
        <Stack gap="md">
          {draft.rules.length === 0 && <Text c="dimmed" size="sm">{t(k('noRules'))}</Text>}
          {draft.rules.map((row, i) => (
            <Group key={row.key} align="flex-start" gap="sm" wrap="wrap" role="group" aria-label={t(k('ruleRow'), { n: i + 1 })}>
              <MultiSelect label={t(k('ruleIndicators'))} data={indicatorData} value={row.indicators} searchable required style={{ flex: 1, minWidth: 240 }}
                onChange={(indicators) => setRow('rules', i, { indicators })}
                error={errorOf(`body.nonObservanceRules.${i}.indicators`) ?? Object.entries(serverErrors).find(([f]) => f.startsWith(`body.nonObservanceRules.${i}.indicators.`))?.[1]} />
              <TextInput label={t(k('periodInDays'))} value={row.periodInDays} inputMode="numeric" required w={160} dir="ltr"
                onChange={(e) => setRow('rules', i, { periodInDays: e.currentTarget.value })} error={errorOf(`body.nonObservanceRules.${i}.periodInDays`)} />
              <Select label={t(k('ruleLevel'))} placeholder={t(k('ruleLevelDefault'))} data={levelData} value={row.levelId} clearable w={220}
                onChange={(levelId) => setRow('rules', i, { levelId })} error={errorOf(`body.nonObservanceRules.${i}.levelId`)} />
              <ActionIcon variant="subtle" color="negative" mt={28} aria-label={t(k('removeRule'), { n: i + 1 })} onClick={() => removeRow('rules', i)}>×</ActionIcon>
            </Group>
          ))}
          <Group><Button variant="light" onClick={() => update((d) => ({ ...d, rules: [...d.rules, { key: nextKey(), indicators: [], periodInDays: '', levelId: null }] }))}>{t(k('addRule'))}</Button></Group>
        </Stack>
      </Fieldset>

      {!readOnly && <Group justify="flex-end"><Button onClick={submit} loading={saving}>{t(k(initial ? 'save' : 'create'))}</Button></Group>}
    </Stack>
  );
}
