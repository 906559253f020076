import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PatientFileSummary } from '../../../schemas/me.ts';

const COLOR: Record<PatientFileSummary['status'], string> = { OPEN: 'positive', CLOSED: 'gray.7', AWAITING: 'warning' };

export function FileStatusBadge({ status }: { status: PatientFileSummary['status'] }) {
  const { t } = useTranslation();
  // Never squeezed by a long name beside it: the name is the one cut.
  return <Badge color={COLOR[status]} variant="filled" style={{ flexShrink: 0 }}>{t(`patientFile.status.${status}`)}</Badge>;
}
