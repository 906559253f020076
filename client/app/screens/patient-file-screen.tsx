/**
 * The professional's patient file, `patient-file/:patientFileId/:currentTab?`: whose file it is
 * (the header, from GET /patient_files/{id}), then tabs over the features that fill them. The
 * summary (default) is the layout-rendered page; 'form-responses' lists the file's questionnaire
 * responses. The app composes them so that features never import one another. A file the
 * caller cannot open (404) shows "not found" with a way back, and nothing of the tabs, whose
 * blocks would each fail on their own.
 */
import { Anchor, Loader, Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useRouteLoaderData } from 'react-router';
import { QueryError } from '../../lib/ui/query-error.tsx';
import { usePatientFile } from '../../features/layout-screens/api/get-patient-file.ts';
import { PatientFilePage, SUMMARY_TAB } from '../../features/layout-screens/patient-file-page.tsx';
import { FormResponsesList } from '../../features/questionnaires/responses/form-responses-list.tsx';
import { FORM_RESPONSES_TAB } from '../../features/questionnaires/responses/professional-form-response-page.tsx';
import { QUESTIONNAIRES } from '../../features/questionnaires/texts.ts';
import { paths } from '../../lib/paths.ts';
import { useSessionData } from '../../lib/session/use-session.ts';
import { PatientFileHeader } from '../../lib/ui/patient-file-header.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import type { StructureAreaData } from '../router/area-loaders.ts';

export function PatientFileScreen() {
  const { t } = useTranslation(QUESTIONNAIRES);
  const navigate = useNavigate();
  const { patientFileId, currentTab } = useParams();
  const { me } = useSessionData();
  const { index } = useRouteLoaderData('structure-area') as StructureAreaData;
  const file = usePatientFile(patientFileId!);
  const tab = currentTab ?? SUMMARY_TAB;
  const known = tab === SUMMARY_TAB || tab === FORM_RESPONSES_TAB;
  const back = (
    <Anchor component={Link} to={paths.professional.patientFiles.getHref({ structureIndex: index })} size="sm">
      {t('placeholder.back', { screen: t('screens.patientFiles') })}
    </Anchor>
  );
  if (!file.data) return <PatientFileLoading back={back} error={file.error} retry={() => void file.refetch()} homeHref={paths.professional.home.getHref({ structureIndex: index })} />;
  return (
    <Stack gap="sm">
      <PatientFileHeader file={file.data} />
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
          {back}
          <Title order={1} size="h2">{t('questionnaires.responses.tab')}</Title>
          <FormResponsesList patientFileId={patientFileId!} structureIndex={index} timeZone={me.timezone} />
        </Stack>
      ) : <PatientFilePage />}
    </Stack>
  );
}

/** Before the file is known: its heading and a loader, or why it cannot be shown. */
function PatientFileLoading({ back, error, retry, homeHref }: { back: ReactNode; error: unknown; retry(): void; homeHref: string }) {
  const { t } = useTranslation();
  usePageTitle(t('screens.patientFile'));
  return (
    <Stack gap="sm">
      {back}
      <Title order={1} size="h2">{t('screens.patientFile')}</Title>
      {error ? <QueryError error={error} onRetry={retry} homeHref={homeHref} /> : <Loader size="sm" aria-label={t('loading.text')} />}
    </Stack>
  );
}

export const Component = PatientFileScreen;
