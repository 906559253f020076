/**
 * "Values received late", a section of My establishment (issue 18): the number of days after
 * which a value reaching the platform is refused (server/care/measures/dates.ts), or no bound.
 * The field keeps what was typed; a number that is not a whole count of days in range is said on
 * the field before sending, with the same bounds as the contract (schemas/establishments.ts).
 */
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LATE_MEASURE_MAX_DAYS } from '../../../schemas/establishments.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { formatNumber } from '../../lib/i18n/use-number.ts';
import { typedNumber } from '../../lib/i18n/typed-number.ts';
import { useMeasureSettings, useSaveMeasureSettings } from './api/measure-settings.ts';
import { IDENTITY } from './texts.ts';

const K = 'identity.lateValues';

export function LateValuesSection({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation(IDENTITY);
  const settings = useMeasureSettings(establishmentId);
  const save = useSaveMeasureSettings(establishmentId);
  const [days, setDays] = useState('');
  const [error, setError] = useState<string | null>(null);
  const loaded = settings.data?.lateMeasureMaxDays;
  // Shown without grouping separators, so that what is shown reads back as typed.
  useEffect(() => { if (loaded !== undefined) setDays(loaded === null ? '' : String(loaded)); }, [loaded]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const typed = days.trim() === '' ? null : typedNumber(days);
    if (typed !== null && (typed === undefined || !Number.isInteger(typed) || typed < 1 || typed > LATE_MEASURE_MAX_DAYS)) {
      setError(t(`${K}.notWhole`, { min: formatNumber(currentLanguage(), 1), max: formatNumber(currentLanguage(), LATE_MEASURE_MAX_DAYS) }));
      return;
    }
    setError(null);
    save.mutate({ lateMeasureMaxDays: typed });
  };
  const serverError = messagesByField(save.error)['body.lateMeasureMaxDays'];

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="late-values-title" data-testid="late-values">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3" id="late-values-title">{t(`${K}.title`)}</Title>
          <Text size="sm" c="dimmed">{t(`${K}.help`)}</Text>
          <Group align="flex-end">
            <TextInput label={t(`${K}.days`)} placeholder={t(`${K}.placeholder`)} inputMode="numeric" autoComplete="off" w={320}
              value={days} onChange={(e) => { setDays(e.currentTarget.value); save.reset(); }} error={error ?? serverError} disabled={settings.isPending} />
            <Button type="submit" loading={save.isPending} disabled={settings.isPending}>{t(`${K}.save`)}</Button>
          </Group>
          {save.isSuccess && <Alert color="green" role="status">{t(`${K}.saved`)}</Alert>}
          {save.isError && !serverError && <Alert color="red" role="alert">{save.error.message}</Alert>}
        </Stack>
      </form>
    </Card>
  );
}
