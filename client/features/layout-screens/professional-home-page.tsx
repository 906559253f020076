/**
 * The professional homepage (dashboard), rendered from the active structure's `professional-dashboard`
 * layout, with a way to the patient-file list beside its heading for those who may open it
 * (whatever blocks the establishment's layout holds).
 */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LayoutView } from '../../layout-engine/layout-view.tsx';
import { paths } from '../../lib/paths.ts';
import { useCanOpen } from '../../lib/route-access.ts';
import { useStructureLayoutContext } from '../../layout-engine/use-structure-layout-context.ts';

export function ProfessionalHomePage() {
  const { t } = useTranslation();
  const { context, viewer, index } = useStructureLayoutContext();
  const canOpen = useCanOpen();
  const patientFiles = paths.professional.patientFiles.getHref({ structureIndex: index });
  const actions = canOpen(patientFiles) && (
    <Button component={Link} to={patientFiles} variant="light" data-testid="dashboard-patient-files">{t('nav.professional.patientFiles')}</Button>
  );
  return <LayoutView page="professional-dashboard" context={context} viewer={viewer} fallbackTitle={t('screens.professionalHome')} actions={actions} />;
}

export const Component = ProfessionalHomePage;
