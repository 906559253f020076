/**
 * "Enter a value" (issue 11 §2, §6): indicator, value, unit (the indicator's own, or one UCUM
 * converts to it), and when it was measured — a date and a time in the session's time zone,
 * filled with now (a timestamp, not an answer) and editable. Nothing else is chosen for the
 * person: the indicator is empty unless they opened the form from that indicator's card; the
 * unit starts as the indicator's own. What was typed is sent as typed (a comma read as the
 * decimal point, never rounded); the server's refusals are shown on their fields. The value's
 * plausible range (issue 18) is said under it and checked before sending when the value is typed
 * in the indicator's own unit (another unit: the server converts and checks).
 */
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from '../../../schemas/localized-text.ts';
import type { MonitoredIndicator } from '../../../schemas/monitoring.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { todayIn } from '../../lib/dates/age.ts';
import { CalendarDateInput, typedCalendarDate } from '../../lib/dates/calendar-date-input.tsx';
import { parseCalendarDate } from '../../lib/dates/calendar-input.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { instantIn, timeIn } from '../../lib/dates/zoned-instant.ts';
import { formatNumber } from '../../lib/i18n/use-number.ts';
import { useRecordMeasure } from './api/monitoring.ts';
import { MONITORING } from './texts.ts';
import { typedNumber } from '../../lib/i18n/typed-number.ts';

const K = 'monitoring.enter';
const TIME = /^([01]?\d|2[0-3]):[0-5]\d$/;

export interface EnterValueFormProps {
  patientFileId: string;
  indicators: MonitoredIndicator[];
  /** The indicator whose card opened the form; none from the page's button. */
  initialIndicatorId?: string;
  onDone(message: string): void;
  onCancel(): void;
}

export function EnterValueForm({ patientFileId, indicators, initialIndicatorId, onDone, onCancel }: EnterValueFormProps) {
  const { t } = useTranslation(MONITORING);
  const { language, timeZone } = useDates();
  const record = useRecordMeasure(patientFileId);
  const [indicatorId, setIndicatorId] = useState<string | null>(initialIndicatorId ?? null);
  const indicator = indicators.find((i) => i.id === indicatorId);
  const [unit, setUnit] = useState<string | null>(indicator?.unit.code ?? null);
  const [value, setValue] = useState('');
  const [now] = useState(() => new Date());
  const [date, setDate] = useState(() => typedCalendarDate(todayIn(timeZone, now), language));
  const [time, setTime] = useState(() => timeIn(timeZone, now));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const server = messagesByField(record.error);
  const fieldError = (name: string) => errors[name] ?? server[`body.${name}`];
  const failure = record.isError && Object.keys(server).length === 0 ? (isApiError(record.error) ? record.error.message : String(record.error)) : null;

  const plausible = indicator && {
    min: formatNumber(language, indicator.plausible.min), max: formatNumber(language, indicator.plausible.max), unit: indicator.unit.symbol,
  };
  const outOfRange = (n: number) => indicator !== undefined && unit === indicator.unit.code && (n < indicator.plausible.min || n > indicator.plausible.max);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const number = typedNumber(value);
    const day = parseCalendarDate(date, language);
    if (!indicator) found.indicatorId = t(`${K}.required`);
    if (!value.trim()) found.value = t(`${K}.required`);
    else if (number === undefined) found.value = t(`${K}.notNumber`);
    else if (outOfRange(number)) found.value = t(`${K}.notPlausible`, plausible);
    if (!unit) found.unit = t(`${K}.required`);
    if (!day) found.measuredAt = t(`${K}.badDate`);
    if (!TIME.test(time.trim())) found.time = t(`${K}.badTime`);
    setErrors(found);
    if (Object.keys(found).length > 0 || !indicator || number === undefined || !day || !unit) return;
    const unitSymbol = indicator.units.find((u) => u.code === unit)?.symbol ?? unit;
    record.mutate(
      { indicatorId: indicator.id, value: number, unit, measuredAt: instantIn(day, time.trim(), timeZone).toISOString() },
      { onSuccess: () => onDone(t(`${K}.done`, { value: value.trim(), unit: unitSymbol, name: textIn(indicator.name, language) })) },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="enter-value-form">
      <Stack gap="sm">
        <Select
          label={t(`${K}.indicator`)} placeholder={t(`${K}.indicatorPlaceholder`)} required
          data={indicators.map((i) => ({ value: i.id, label: textIn(i.name, language) ?? i.reference }))}
          value={indicatorId}
          onChange={(id) => { setIndicatorId(id); setUnit(indicators.find((i) => i.id === id)?.unit.code ?? null); }}
          error={fieldError('indicatorId')}
          comboboxProps={{ withinPortal: true }}
        />
        <Group grow align="flex-start">
          <TextInput label={t(`${K}.value`)} required inputMode="decimal" autoComplete="off" dir="ltr"
            description={plausible && t(`${K}.range`, plausible)}
            value={value} onChange={(e) => setValue(e.currentTarget.value)} error={fieldError('value')} />
          <Select label={t(`${K}.unit`)} required disabled={!indicator}
            data={(indicator?.units ?? []).map((u) => ({ value: u.code, label: u.symbol }))}
            value={unit} onChange={setUnit} error={fieldError('unit')} comboboxProps={{ withinPortal: true }} />
        </Group>
        <Group grow align="flex-start">
          <CalendarDateInput label={t(`${K}.date`)} required value={date} onChange={setDate} error={fieldError('measuredAt')} />
          <TextInput label={t(`${K}.time`)} required description={t(`${K}.timeHint`)} dir="ltr" inputMode="numeric" autoComplete="off"
            value={time} onChange={(e) => setTime(e.currentTarget.value)} error={errors.time} />
        </Group>
        {failure && <Alert color="negative" variant="light" role="alert">{t(`${K}.failed`, { message: failure })}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{t(`${K}.cancel`)}</Button>
          <Button type="submit" loading={record.isPending}>{t(`${K}.submit`)}</Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EnterValueModal(props: EnterValueFormProps & { opened: boolean }) {
  const { t } = useTranslation(MONITORING);
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={t(`${K}.title`)} size="lg">
      {props.opened && <EnterValueForm {...props} />}
    </Modal>
  );
}
