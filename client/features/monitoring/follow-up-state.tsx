/**
 * What My Monitoring says of a file that is not open: an awaiting file's follow-up has not started
 * yet (values are entered once the care team opens it), a closed one's has ended (values stay
 * readable). Nothing for an open file.
 */
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { MONITORING } from './texts.ts';

export function FollowUpState({ status }: { status: PatientFileSummary['status'] }) {
  const { t } = useTranslation(MONITORING);
  if (status === 'OPEN') return null;
  return <Alert color="gray" variant="light" data-testid="follow-up-state">{t(status === 'AWAITING' ? 'monitoring.awaiting' : 'monitoring.closed')}</Alert>;
}
