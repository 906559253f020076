/**
 * The professional's patient file, `patient-file/:patientFileId/:currentTab?`: tabs over the
 * features that fill them. The summary (default) is the layout-rendered page; 'form-responses'
 * lists the file's questionnaire responses. The app composes them so that features never import
 * one another.
 */
import { Anchor, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useRouteLoaderData } from 'react-router';
import { PatientFilePage, SUMMARY_TAB } from '../../features/layout-screens/patient-file-page.tsx';
import { FormResponsesList } from '../../features/questionnaires/responses/form-responses-list.tsx';
import { FORM_RESPONSES_TAB } from '../../features/questionnaires/responses/professional-form-response-page.tsx';
import { paths } from '../../lib/paths.ts';
import { useSessionData } from '../../lib/session/use-session.ts';
import type { StructureAreaData } from '../router/area-loaders.ts';

export function PatientFileScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { patientFileId, currentTab } = useParams();
  const { me } = useSessionData();
  const { index } = useRouteLoaderData('structure-area') as StructureAreaData;
  const tab = currentTab ?? SUMMARY_TAB;
  const known = tab === SUMMARY_TAB || tab === FORM_RESPONSES_TAB;
  return (
    <Stack gap="sm">
      {known && (
        <Tabs value={tab} onChange={(value) => void navigate(paths.professional.patientFile.getHref({ structureIndex: index, patientFileId: patientFileId!, currentTab: value === SUMMARY_TAB ? undefined : value! }))}>
          <Tabs.List>
            <Tabs.Tab value={SUMMARY_TAB}>{t('layout.patientFileSummary')}</Tabs.Tab>
            <Tabs.Tab value={FORM_RESPONSES_TAB}>{t('questionnaires.responses.tab')}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      )}
      {tab === FORM_RESPONSES_TAB ? (
        <Stack gap="xs">
          <Anchor component={Link} to={paths.professional.patientFiles.getHref({ structureIndex: index })} size="sm">
            {t('placeholder.back', { screen: t('screens.patientFiles') })}
          </Anchor>
          <Title order={1} size="h2">{t('questionnaires.responses.tab')}</Title>
          <FormResponsesList patientFileId={patientFileId!} structureIndex={index} timeZone={me.timezone} />
        </Stack>
      ) : <PatientFilePage />}
    </Stack>
  );
}

export const Component = PatientFileScreen;
