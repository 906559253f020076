/**
 * "Values received", a section of My establishment (issue 18): the number of days after which a
 * value reaching the platform is refused (server/care/measures/dates.ts), or no bound; and the
 * minutes during which a patient may correct a value she typed (server/care/measures/
 * entered-in-error.ts). Each field keeps what was typed; a number that is not a whole count in
 * range is said on its field before sending, with the contract's bounds (schemas/establishments.ts).
 */
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LATE_MEASURE_MAX_DAYS, MEASURE_CORRECTION_MAX_MINUTES } from '../../../schemas/establishments.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { formatNumber } from '../../lib/i18n/use-number.ts';
import { typedNumber } from '../../lib/i18n/typed-number.ts';
import { useMeasureSettings, useSaveMeasureSettings } from './api/measure-settings.ts';
import { IDENTITY } from './texts.ts';

const K = 'identity.measureSettings';

/** A whole number typed within [min, max]; undefined when it is not one. */
function wholeIn(typed: string, min: number, max: number): number | undefined {
  const n = typedNumber(typed);
  return n !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

export function MeasureSettingsSection({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation(IDENTITY);
  const settings = useMeasureSettings(establishmentId);
  const save = useSaveMeasureSettings(establishmentId);
  const [days, setDays] = useState('');
  const [minutes, setMinutes] = useState('');
  const [errors, setErrors] = useState<{ days?: string; minutes?: string }>({});
  const loaded = settings.data;
  // Shown without grouping separators, so that what is shown reads back as typed.
  useEffect(() => {
    if (!loaded) return;
    setDays(loaded.lateMeasureMaxDays === null ? '' : String(loaded.lateMeasureMaxDays));
    setMinutes(String(loaded.measureCorrectionMinutes));
  }, [loaded]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const language = currentLanguage();
    const lateDays = days.trim() === '' ? null : wholeIn(days, 1, LATE_MEASURE_MAX_DAYS);
    const correction = wholeIn(minutes, 0, MEASURE_CORRECTION_MAX_MINUTES);
    const found = {
      days: lateDays === undefined ? t(`${K}.notWhole`, { min: formatNumber(language, 1), max: formatNumber(language, LATE_MEASURE_MAX_DAYS) }) : undefined,
      minutes: correction === undefined ? t(`${K}.notWholeMinutes`, { min: formatNumber(language, 0), max: formatNumber(language, MEASURE_CORRECTION_MAX_MINUTES) }) : undefined,
    };
    setErrors(found);
    if (lateDays === undefined || correction === undefined) return;
    save.mutate({ lateMeasureMaxDays: lateDays, measureCorrectionMinutes: correction });
  };
  const serverErrors = messagesByField(save.error);
  const daysError = errors.days ?? serverErrors['body.lateMeasureMaxDays'];
  const minutesError = errors.minutes ?? serverErrors['body.measureCorrectionMinutes'];
  const fieldError = daysError !== undefined || minutesError !== undefined;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="measure-settings-title" data-testid="measure-settings">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="measure-settings-title">{t(`${K}.title`)}</Title>
          <TextInput label={t(`${K}.days`)} description={t(`${K}.lateHelp`)} placeholder={t(`${K}.placeholder`)} inputMode="numeric" autoComplete="off" maw={480}
            value={days} onChange={(e) => { setDays(e.currentTarget.value); save.reset(); }} error={daysError} disabled={settings.isPending} />
          <TextInput label={t(`${K}.correction`)} description={t(`${K}.correctionHelp`)} inputMode="numeric" autoComplete="off" maw={480}
            value={minutes} onChange={(e) => { setMinutes(e.currentTarget.value); save.reset(); }} error={minutesError} disabled={settings.isPending} />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={settings.isPending}>{t(`${K}.save`)}</Button>
          </Group>
          {save.isSuccess && <Alert color="green" role="status">{t(`${K}.saved`)}</Alert>}
          {save.isError && !fieldError && <Alert color="red" role="alert">{save.error.message}</Alert>}
          {settings.isError && <Text c="red" role="alert">{settings.error.message}</Text>}
        </Stack>
      </form>
    </Card>
  );
}
