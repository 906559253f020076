/**
 * "Correct" (issue 18): the patient — or the caregiver who typed it — corrects a value she typed,
 * within the establishment's delay (the row's correctableUntil). The new value, in the indicator's
 * unit or one that converts; the time stays the old value's. The old value stays, struck, marked
 * "corrected"; the new one is recorded and evaluated as any value. Nothing is preselected: the
 * value is empty, the unit the indicator's own.
 */
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '../../../schemas/localized-text.ts';
import type { MeasureRow, MonitoredIndicator } from '../../../schemas/monitoring.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { exactly, formatNumber, numberFormat } from '../../lib/i18n/use-number.ts';
import { useCorrectMeasure } from './api/monitoring.ts';
import { MONITORING } from './texts.ts';
import { typedNumber } from '../../lib/i18n/typed-number.ts';

const K = 'monitoring.correct';

export interface Correcting { indicator: MonitoredIndicator; measure: MeasureRow }

export function CorrectValueModal({ patientFileId, correcting, onDone, onCancel }: { patientFileId: string; correcting: Correcting; onDone(message: string): void; onCancel(): void }) {
  const { t } = useTranslation(MONITORING);
  const { language, time } = useDates();
  const { indicator, measure } = correcting;
  const correct = useCorrectMeasure(patientFileId);
  const [value, setValue] = useState('');
  const [unit, setUnit] = useState<string | null>(indicator.unit.code);
  const [error, setError] = useState<string | undefined>();
  const server = messagesByField(correct.error);
  const failure = correct.isError && Object.keys(server).length === 0 ? (isApiError(correct.error) ? correct.error.message : String(correct.error)) : null;
  const name = textIn(indicator.name, language) ?? indicator.reference;
  const old = `${numberFormat(language, exactly(indicator.decimals)).format(measure.value)} ${measure.unit.symbol}`;
  const plausible = { min: formatNumber(language, indicator.plausible.min), max: formatNumber(language, indicator.plausible.max), unit: indicator.unit.symbol };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const number = typedNumber(value);
    const found = !value.trim() ? t('monitoring.enter.required')
      : number === undefined ? t('monitoring.enter.notNumber')
      : unit === indicator.unit.code && (number < indicator.plausible.min || number > indicator.plausible.max) ? t('monitoring.enter.notPlausible', plausible)
      : undefined;
    setError(found);
    if (found || number === undefined || !unit) return;
    const unitSymbol = indicator.units.find((u) => u.code === unit)?.symbol ?? unit;
    correct.mutate({ measureId: measure.id, body: { value: number, unit } },
      { onSuccess: () => onDone(t(`${K}.done`, { old, value: `${value.trim()} ${unitSymbol}`, name })) });
  };

  return (
    <Modal opened onClose={onCancel} title={t(`${K}.title`, { name })} closeButtonProps={{ 'aria-label': t(`${K}.cancel`) }}>
      <form onSubmit={submit} noValidate data-testid="correct-value-form">
        <Stack gap="sm">
          <Text size="sm"><bdi>{t(`${K}.what`, { old, until: measure.correctableUntil ? time(measure.correctableUntil) : '' })}</bdi></Text>
          <Group grow align="flex-start">
            <TextInput label={t(`${K}.value`)} required inputMode="decimal" autoComplete="off" dir="ltr" data-autofocus
              description={t('monitoring.enter.range', plausible)}
              value={value} onChange={(e) => setValue(e.currentTarget.value)} error={error ?? server['body.value']} />
            <Select label={t('monitoring.enter.unit')} required
              data={indicator.units.map((u) => ({ value: u.code, label: u.symbol }))}
              value={unit} onChange={setUnit} error={server['body.unit']} comboboxProps={{ withinPortal: true }} />
          </Group>
          {failure && <Alert color="negative" variant="light" role="alert">{t(`${K}.failed`, { message: failure })}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>{t(`${K}.cancel`)}</Button>
            <Button type="submit" loading={correct.isPending}>{t(`${K}.submit`)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
