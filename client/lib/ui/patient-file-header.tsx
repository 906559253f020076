/**
 * Whose patient file this is, above every screen of the file: the patient's name, birth date and
 * age (on today's date of the user's time zone), their digital identity for a professional (status
 * and doubtful/fictitious/namesake, IdentityBadge), the file's status, its service and
 * establishment, since when it is followed (and when it was closed), and a word when its patient
 * data are deactivated, and, for a professional, the indicators whose alert thresholds raise nothing
 * for want of a reference value (issue 18). It only draws a file already loaded (GET /patient_files/{id}), so any
 * screen can put it on top. On a small screen the badges go under the name instead of squeezing it.
 */
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import { formatCalendarDate } from '../dates/format.ts';
import { isLanguage } from '../languages.ts';
import { ageOn, todayIn } from '../dates/age.ts';
import { useDates } from '../dates/use-dates.ts';
import { FileStatusBadge } from './file-status-badge.tsx';
import { IdentityBadge } from './identity-badge.tsx';
import { TruncatedText } from './truncated-text.tsx';

export function PatientFileHeader({ file }: { file: PatientFileSummary }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'fr';
  const name = file.patient ? `${file.patient.firstName} ${file.patient.lastName}` : file.patientName ?? '';
  const since = file.startDate ?? file.createdAt;
  const { calendarDate, timeZone } = useDates();
  const birthDate = file.patientBirthDate;
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('patientFile.header.label', { name })} data-patient-file-header data-status={file.status}>
      <Group justify="space-between" wrap="wrap" align="flex-start" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
          <TruncatedText fw={700} size="lg" data-testid="patient-file-name">{name}</TruncatedText>
          {birthDate && (
            <Text size="sm" data-testid="patient-birth-date">
              {t('patientFile.header.born', { date: calendarDate(birthDate, 'long'), age: t('patientFile.header.age', { count: ageOn(birthDate, todayIn(timeZone)) }) })}
            </Text>
          )}
          <TruncatedText size="sm" c="dimmed">{`${file.service.name} · ${file.service.establishment.name}`}</TruncatedText>
          <Text size="sm">
            {t('patientFile.header.since', { date: formatCalendarDate(since, language, 'long') })}
            {file.closedAt && ` · ${t('patientFile.header.closedOn', { date: formatCalendarDate(file.closedAt, language, 'long') })}`}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flex: '0 1 auto' }}>
          <FileStatusBadge status={file.status} />
          {file.patientDataActive === false && <Badge color="gray.7" variant="outline">{t('patientFile.identity.patientDataInactive')}</Badge>}
        </Stack>
      </Group>
      {file.identity && <IdentityBadge identity={file.identity} mt={6} data-testid="patient-identity" />}
      {file.inactiveThresholds && file.inactiveThresholds.length > 0 && (
        <Text size="sm" fw={600} mt={6} data-testid="inactive-thresholds"
          style={{ borderInlineStart: '4px solid var(--mantine-color-warning-filled)', paddingInlineStart: 8 }}>
          {t('patientFile.header.inactiveThresholds', {
            names: new Intl.ListFormat(language, { type: 'conjunction' }).format(file.inactiveThresholds.map((i) => textIn(i.name, language) ?? i.reference)),
          })}
        </Text>
      )}
    </Paper>
  );
}
