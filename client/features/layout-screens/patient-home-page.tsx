/**
 * The patient homepage: what is to read (unread messages, documents), then the `patient-home`
 * layout of the active file's establishment.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LayoutView } from '../../layout-engine/layout-view.tsx';
import { viewerIn } from '../../layout-engine/visible-for.ts';
import { usePatientArea } from '../../lib/areas.ts';
import { InboxCard } from '../../lib/messages/inbox-card.tsx';
import { paths } from '../../lib/paths.ts';
import { useSessionData } from '../../lib/session/use-session.ts';

export function PatientHomePage() {
  const { t } = useTranslation();
  const { me, privileges } = useSessionData();
  const { index, patientFile } = usePatientArea();
  const structureId = patientFile.service.establishment.id;
  const context = useMemo(() => ({
    area: 'patient' as const, structureId, patientFileId: patientFile.id, areaHref: paths.patient.home.getHref({ patientFileIndex: index }),
  }), [structureId, patientFile.id, index]);
  const viewer = useMemo(() => viewerIn(me.roles, privileges, structureId), [me.roles, privileges, structureId]);
  return (
    <LayoutView page="patient-home" context={context} viewer={viewer} fallbackTitle={t('screens.patientHome')}
      intro={<InboxCard index={index} patientFileId={patientFile.id} open={patientFile.status === 'OPEN'} />} />
  );
}

export const Component = PatientHomePage;
