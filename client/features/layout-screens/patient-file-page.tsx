/**
 * A patient file on the professional side: its summary tab (the default) is rendered from the
 * `patient-file-summary` layout; the other tabs come with their issues.
 */
import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LayoutView } from '../../layout-engine/layout-view.tsx';
import { paths } from '../../lib/paths.ts';
import { NotAvailablePage } from '../../lib/ui/placeholder/not-available-page.tsx';
import { useStructureLayoutContext } from '../../layout-engine/use-structure-layout-context.ts';

export const SUMMARY_TAB = 'summary';

export function PatientFilePage() {
  const { t } = useTranslation();
  const { patientFileId, currentTab } = useParams();
  const { context, viewer, index } = useStructureLayoutContext(patientFileId);
  if (currentTab && currentTab !== SUMMARY_TAB) return <NotAvailablePage />;
  return (
    <Stack gap="xs">
      <Anchor component={Link} to={paths.professional.patientFiles.getHref({ structureIndex: index })} size="sm">
        {t('placeholder.back', { screen: t('screens.patientFiles') })}
      </Anchor>
      <LayoutView page="patient-file-summary" context={context} viewer={viewer} fallbackTitle={t('layout.patientFileSummary')} />
    </Stack>
  );
}

export const Component = PatientFilePage;
