/**
 * The Follow-up tab of the patient file (issue 10 §4 "Close and reopen", spec 001 §3, §4, §7):
 * the file's status and follow-up dates, how it was closed (by whom, or automatically when its
 * end date passed, and why), close (dialog with the reason), reopen and the patient data on or
 * off, each confirmed. After a change everything of the file is fetched again, the header
 * included, so the new status shows at once.
 */
import { Alert, Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import type { PatientFileStatus } from '../../../schemas/patient-file-status.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useChangeStatus, useFileStatus, type StatusChange } from './api/status.ts';
import { CloseFileDialog } from './close-dialog.tsx';
import { PATIENT_FILE_STATUS } from './texts.ts';

const K = 'patientFileStatus';
const STATUS_COLOR = { OPEN: 'positive', CLOSED: 'gray', AWAITING: 'warning' } as const;
type Confirmed = Exclude<StatusChange['action'], 'close'>;

export function FollowUpTab({ file }: { file: PatientFileSummary }) {
  const { t } = useTranslation(PATIENT_FILE_STATUS);
  const { t: tUi } = useTranslation();
  const dates = useDates();
  usePageTitle(t(`${K}.tab`));
  const status = useFileStatus(file.id);
  const change = useChangeStatus(file.id);
  const [closing, setClosing] = useState(false);
  const [confirming, setConfirming] = useState<Confirmed | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const run = (action: Confirmed) => {
    setDone(null);
    setConfirming(null);
    change.mutate({ action }, { onSuccess: () => setDone(t(`${K}.done.${action}`)) });
  };

  if (!status.isSuccess) return <QueryState query={status} loadingLabel={t(`${K}.loading`)} />;
  const s: PatientFileStatus = status.data;
  const day = (value: string | null) => (value ? dates.calendarDate(value, 'long') : t(`${K}.fields.notSet`));

  return (
    <Stack gap="md" component="section" aria-labelledby="file-follow-up-title" data-testid="file-follow-up">
      <Title order={2} size="h3" id="file-follow-up-title">{t(`${K}.title`)}</Title>
      {done && <Alert color="positive" variant="light" role="status">{done}</Alert>}
      {change.isError && <Alert color="negative" variant="light" role="alert">{t(`${K}.failed`, { message: change.error.message })}</Alert>}

      <Stack gap={4} component="dl" m={0}>
        <Group gap="xs">
          <Text component="dt" fw={600}>{t(`${K}.fields.status`)}</Text>
          <Text component="dd" m={0}><Badge color={STATUS_COLOR[s.status]} variant="filled" data-status={s.status}>{tUi(`patientFile.status.${s.status}`)}</Badge></Text>
        </Group>
        <Group gap="xs">
          <Text component="dt" fw={600}>{t(`${K}.fields.startDate`)}</Text>
          <Text component="dd" m={0}>{day(s.startDate)}</Text>
        </Group>
        <Group gap="xs">
          <Text component="dt" fw={600}>{t(`${K}.fields.endDate`)}</Text>
          {/* A closed file's follow-up ended when it was closed, had no end date been planned. */}
          <Text component="dd" m={0}>{s.endDate === null && s.status === 'CLOSED' && s.closedAt ? dates.day(s.closedAt, 'long') : day(s.endDate)}</Text>
        </Group>
        {s.status !== 'CLOSED' && s.endDate && <Text size="sm" c="dimmed">{t(`${K}.fields.endDateHelp`)}</Text>}
      </Stack>

      {s.status === 'CLOSED' && (
        <Alert color="gray" variant="light" data-testid="closed-state">
          <Stack gap={4}>
            <Text size="sm">{t(`${K}.readOnly`)}</Text>
            {s.closedAt && (
              <Text size="sm">
                {s.closedBy
                  ? t(`${K}.fields.closedOn`, { date: dates.dateTime(s.closedAt, 'short'), name: s.closedBy.name })
                  : t(`${K}.fields.closedAutomatically`, { date: dates.dateTime(s.closedAt, 'short') })}
              </Text>
            )}
            {s.closingReasonType && <Text size="sm" data-testid="closing-reason-type">{t(`${K}.fields.reasonTypeLine`, { value: t(`${K}.reasons.${s.closingReasonType}`) })}</Text>}
            {s.closingReason && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{t(`${K}.fields.reasonLine`, { value: s.closingReason })}</Text>}
          </Stack>
        </Alert>
      )}

      <Group gap="sm">
        {s.status === 'CLOSED'
          ? <Button onClick={() => { setDone(null); setConfirming('reopen'); }}>{t(`${K}.reopen.open`)}</Button>
          : <Button color="warning" onClick={() => { setDone(null); change.reset(); setClosing(true); }}>{t(`${K}.close.open`)}</Button>}
      </Group>

      <Stack gap="xs" component="section" aria-labelledby="patient-data-title">
        <Title order={3} size="h4" id="patient-data-title">{t(`${K}.patientData.title`)}</Title>
        <Text size="sm" data-patient-data={s.patientDataActive ? 'active' : 'inactive'}>
          {t(`${K}.patientData.${s.patientDataActive ? 'active' : 'inactive'}`)}
        </Text>
        {s.status === 'OPEN' && (
          <Group>
            <Button variant="default" onClick={() => { setDone(null); setConfirming(s.patientDataActive ? 'deactivatePatientData' : 'activatePatientData'); }}>
              {t(`${K}.patientData.${s.patientDataActive ? 'deactivate' : 'activate'}`)}
            </Button>
          </Group>
        )}
      </Stack>

      {closing && <CloseFileDialog patientFileId={file.id} onClose={(closed) => { setClosing(false); if (closed) setDone(t(`${K}.done.close`)); }} />}
      {confirming && (
        <Modal
          opened onClose={() => setConfirming(null)}
          title={confirming === 'reopen' ? t(`${K}.reopen.title`) : t(`${K}.patientData.${confirming === 'activatePatientData' ? 'confirmActivateTitle' : 'confirmDeactivateTitle'}`)}
          closeButtonProps={{ 'aria-label': t(`${K}.reopen.cancel`) }}
        >
          <Text size="sm">
            {confirming === 'reopen' ? t(`${K}.reopen.text`) : t(`${K}.patientData.${confirming === 'activatePatientData' ? 'confirmActivate' : 'confirmDeactivate'}`)}
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setConfirming(null)}>{t(`${K}.reopen.cancel`)}</Button>
            <Button onClick={() => run(confirming)} loading={change.isPending}>
              {confirming === 'reopen' ? t(`${K}.reopen.confirm`) : t(`${K}.patientData.confirm`)}
            </Button>
          </Group>
        </Modal>
      )}
    </Stack>
  );
}
