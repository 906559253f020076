/**
 * Create or edit an indicator: reference, name in three languages, type, unit, reference value,
 * decimals, molecular weight, visible to patients, its plausible range (what can be true, in its
 * unit: values outside are refused, issue 18; minimum under maximum), and its default thresholds. Nothing is
 * preselected for a new one; numbers are sent as typed (the server says on the field that 80.5
 * is not a whole reference value, never rounded); a missing field is said before sending; the
 * server's messages show on their fields.
 */
import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typedText } from '../../lib/i18n/use-number.ts';
import type { Language } from '../../lib/languages.ts';
import type { BodyOf } from '../../../schemas/api/contract.ts';
import type { indicatorRoutes } from '../../../schemas/api/catalogue.ts';
import type { Indicator } from '../../../schemas/catalogue.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import type { BoundaryMode, BoundaryOperator } from '../../../schemas/telemonitoring.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { useIndicatorChanges, useIndicatorTypes, useInterventionLevels, useUnits } from './api/catalogue.ts';
import { EMPTY_NAME, NameFields, nameBodyOf, nameDraftOf, type NameDraft } from '../../lib/ui/record-section/name-fields.tsx';
import { CATALOGUE } from './texts.ts';
import { ThresholdsEditor, type ThresholdDraft } from './thresholds-editor.tsx';

type Body = BodyOf<typeof indicatorRoutes.create>;
interface Draft {
  reference: string; name: NameDraft; typeId: string; unitId: string; referenceValue: string; decimals: string; molecularWeight: string;
  visibleToPatients: boolean; plausibleMin: string; plausibleMax: string; thresholds: ThresholdDraft[];
}

const draftOf = (i: Indicator | undefined, language: Language): Draft => {
  const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : typedText(language, n));
  return i ? {
  reference: i.reference, name: nameDraftOf(i.name), typeId: i.typeId, unitId: i.unitId, referenceValue: text(i.referenceValue),
  decimals: text(i.decimals), molecularWeight: text(i.molecularWeight), visibleToPatients: i.visibleToPatients,
  plausibleMin: text(i.plausibleMin), plausibleMax: text(i.plausibleMax),
  thresholds: i.boundaries.map((b) => ({ key: b.id, levelId: b.levelId, operator: b.operator, mode: b.mode, value: text(b.value) })),
  } : { reference: '', name: EMPTY_NAME, typeId: '', unitId: '', referenceValue: '', decimals: '', molecularWeight: '', visibleToPatients: false,
  plausibleMin: '', plausibleMax: '', thresholds: [] };
};

/** A typed number: empty is null, a decimal comma is read as a point, anything else is NaN (said on the field). */
const numberOf = (typed: string): number | null => (typed.trim() === '' ? null : Number(typed.trim().replace(',', '.')));

/** The body, or the fields to fix before sending (by the server's field names). */
function bodyOf(d: Draft, say: { required: string; notANumber: string; emptyRange: string }): { body?: Body; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const required = (field: string, value: string) => { if (!value.trim()) errors[field] = say.required; };
  const number = (field: string, value: string, mandatory: boolean) => {
    const n = numberOf(value);
    if (n === null) { if (mandatory) errors[field] = say.required; return null; }
    if (!Number.isFinite(n)) errors[field] = say.notANumber;
    return n;
  };
  required('body.reference', d.reference);
  required('body.name.fr', d.name.fr);
  required('body.typeId', d.typeId);
  required('body.unitId', d.unitId);
  const referenceValue = number('body.referenceValue', d.referenceValue, false);
  const decimals = number('body.decimals', d.decimals, true);
  const molecularWeight = number('body.molecularWeight', d.molecularWeight, false);
  const plausibleMin = number('body.plausibleMin', d.plausibleMin, true);
  const plausibleMax = number('body.plausibleMax', d.plausibleMax, true);
  // The server's rule (value_invalid on body.plausibleMax), said before sending.
  if (plausibleMin !== null && plausibleMax !== null && !errors['body.plausibleMin'] && !errors['body.plausibleMax'] && !(plausibleMin < plausibleMax)) {
    errors['body.plausibleMax'] = say.emptyRange;
  }
  const boundaries = d.thresholds.map((row, i) => {
    for (const field of ['levelId', 'operator', 'mode'] as const) required(`body.boundaries.${i}.${field}`, row[field]);
    const value = number(`body.boundaries.${i}.value`, row.value, true);
    return { levelId: row.levelId, operator: row.operator as BoundaryOperator, mode: row.mode as BoundaryMode, value: value ?? 0 };
  });
  if (Object.keys(errors).length) return { errors };
  return {
    errors,
    body: {
      reference: d.reference, name: nameBodyOf(d.name), typeId: d.typeId, unitId: d.unitId, referenceValue, decimals: decimals!, molecularWeight,
      visibleToPatients: d.visibleToPatients, plausibleMin: plausibleMin!, plausibleMax: plausibleMax!, boundaries,
    },
  };
}

export function IndicatorForm({ establishmentId, indicator, onClose }: { establishmentId: string; indicator?: Indicator; onClose(): void }) {
  const { t, i18n } = useTranslation(CATALOGUE);
  const types = useIndicatorTypes(establishmentId);
  const units = useUnits(establishmentId);
  const levels = useInterventionLevels(establishmentId);
  const { save, remove } = useIndicatorChanges(establishmentId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(indicator, i18n.language as Language));
  const [local, setLocal] = useState<Record<string, string>>({});
  const errors = { ...messagesByField(save.error), ...messagesByField(remove.error), ...local };
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const choose = t('catalogue.indicators.form.choose');
  const label = (name: Indicator['name']) => textIn(name, i18n.language) ?? name.fr;
  const submit = () => {
    const { body, errors: missing } = bodyOf(draft, {
      required: t('catalogue.common.required'), notANumber: t('catalogue.common.notANumber'), emptyRange: t('catalogue.indicators.form.emptyRange'),
    });
    setLocal(missing);
    if (body) save.mutate({ id: indicator?.id, body }, { onSuccess: onClose });
  };
  // A refusal about no field of the form (an indicator measured since it was opened): said below the form.
  const unexplained = [save, remove].find((m) => m.isError && !Object.keys(messagesByField(m.error)).some((f) => f.startsWith('body.')));
  return (
    <Modal opened onClose={onClose} size="xl" title={indicator ? t('catalogue.indicators.form.titleEdit') : t('catalogue.indicators.form.titleNew')}>
      <form noValidate onSubmit={(e) => { e.preventDefault(); submit(); }} data-testid="indicator-form">
        <Stack gap="sm">
          {indicator?.hasMeasures && <Alert variant="light" color="gray">{t('catalogue.indicators.form.hasMeasures')}</Alert>}
          <TextInput label={t('catalogue.indicators.form.reference')} description={t('catalogue.indicators.form.referenceHelp')} required dir="ltr"
            value={draft.reference} error={errors['body.reference']} onChange={(e) => set({ reference: e.currentTarget.value })} />
          <NameFields value={draft.name} onChange={(name) => set({ name })} errors={errors} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t('catalogue.indicators.form.type')} required placeholder={choose} value={draft.typeId || null} error={errors['body.typeId']}
              data={(types.data ?? []).map((x) => ({ value: x.id, label: label(x.name) }))} onChange={(v) => set({ typeId: v ?? '' })} />
            <Select label={t('catalogue.indicators.form.unit')} required placeholder={choose} value={draft.unitId || null} error={errors['body.unitId']}
              disabled={indicator?.hasMeasures} searchable
              data={(units.data ?? []).map((u) => ({ value: u.id, label: `${u.symbol} — ${label(u.name)}` }))} onChange={(v) => set({ unitId: v ?? '' })} />
            <TextInput label={t('catalogue.indicators.form.referenceValue')} description={t('catalogue.indicators.form.referenceValueHelp')} inputMode="numeric" dir="ltr"
              value={draft.referenceValue} error={errors['body.referenceValue']} onChange={(e) => set({ referenceValue: e.currentTarget.value })} />
            <TextInput label={t('catalogue.indicators.form.decimals')} description={t('catalogue.indicators.form.decimalsHelp')} required inputMode="numeric" dir="ltr"
              value={draft.decimals} error={errors['body.decimals']} onChange={(e) => set({ decimals: e.currentTarget.value })} />
            <TextInput label={t('catalogue.indicators.form.molecularWeight')} description={t('catalogue.indicators.form.molecularWeightHelp')} inputMode="decimal" dir="ltr"
              value={draft.molecularWeight} error={errors['body.molecularWeight']} onChange={(e) => set({ molecularWeight: e.currentTarget.value })} />
            <TextInput label={t('catalogue.indicators.form.plausibleMin')} description={t('catalogue.indicators.form.plausibleHelp')} required inputMode="decimal" dir="ltr"
              value={draft.plausibleMin} error={errors['body.plausibleMin']} onChange={(e) => set({ plausibleMin: e.currentTarget.value })} />
            <TextInput label={t('catalogue.indicators.form.plausibleMax')} description={t('catalogue.indicators.form.plausibleHelp')} required inputMode="decimal" dir="ltr"
              value={draft.plausibleMax} error={errors['body.plausibleMax']} onChange={(e) => set({ plausibleMax: e.currentTarget.value })} />
            <Checkbox mt="xl" label={t('catalogue.indicators.form.visibleToPatients')} checked={draft.visibleToPatients}
              onChange={(e) => set({ visibleToPatients: e.currentTarget.checked })} />
          </SimpleGrid>
          <ThresholdsEditor rows={draft.thresholds} onChange={(thresholds) => set({ thresholds })} levels={levels.data ?? []} errors={errors} />
          {unexplained && <Alert color="negative" variant="light" role="alert">{unexplained.error?.message}</Alert>}
          <Group justify="space-between">
            <div>
              {indicator && (
                <Button variant="default" color="warning" disabled={indicator.hasMeasures} loading={remove.isPending}
                  onClick={() => remove.mutate(indicator.id, { onSuccess: onClose })}>{t('catalogue.common.delete')}</Button>
              )}
            </div>
            <Group>
              <Button variant="default" onClick={onClose}>{t('catalogue.common.cancel')}</Button>
              <Button type="submit" loading={save.isPending}>{t('catalogue.common.save')}</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
