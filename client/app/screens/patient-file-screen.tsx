/**
 * The professional's patient file, `patient-file/:patientFileId/:currentTab?`: whose file it is
 * (the header, from GET /patient_files/{id}), then the tabs of the registry
 * (app/patient-file-tabs/tabs.ts) that the user may see, the address's tab below them. The app
 * composes them so that features never import one another. A file the caller cannot open (404)
 * shows "not found" with a way back, and nothing of the tabs, whose blocks would each fail on
 * their own; an unknown tab says "not available yet".
 */
import { Anchor, Loader, Stack, Tabs, Title } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useStructureArea } from '../../lib/areas.ts';
import { paths } from '../../lib/paths.ts';
import { useSessionData } from '../../lib/session/use-session.ts';
import { PatientFileHeader } from '../../lib/ui/patient-file-header.tsx';
import { NotAvailablePage } from '../../lib/ui/placeholder/not-available-page.tsx';
import { QueryError } from '../../lib/ui/query-error.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { usePatientFile } from '../../lib/patient-files/get-patient-file.ts';
import { patientFileTabs } from '../patient-file-tabs/tabs.ts';

const TAB_NAMESPACES = [...new Set(patientFileTabs.all.flatMap((tab) => (tab.label.namespace ? [tab.label.namespace] : [])))];

export function PatientFileScreen() {
  const { t } = useTranslation(['translation', ...TAB_NAMESPACES]);
  const navigate = useNavigate();
  const { patientFileId, currentTab } = useParams();
  const { privileges } = useSessionData();
  const { index } = useStructureArea();
  const file = usePatientFile(patientFileId!);
  const back = (
    <Anchor component={Link} to={paths.professional.patientFiles.getHref({ structureIndex: index })} size="sm">
      {t('placeholder.back', { screen: t('screens.patientFiles') })}
    </Anchor>
  );
  if (!file.data) return <PatientFileLoading back={back} error={file.error} retry={() => void file.refetch()} homeHref={paths.professional.home.getHref({ structureIndex: index })} />;
  const tabs = patientFileTabs.visibleTo(privileges, file.data);
  const tab = tabs.find((candidate) => candidate === patientFileTabs.find(currentTab));
  const hrefOf = (id: string) => paths.professional.patientFile.getHref({
    structureIndex: index, patientFileId: patientFileId!, currentTab: id === patientFileTabs.first.id ? undefined : id,
  });
  const Content = tab?.component;
  return (
    <Stack gap="sm">
      <PatientFileHeader file={file.data} />
      {tab && tabs.length > 1 && (
        <Tabs value={tab.id} onChange={(id) => id && void navigate(hrefOf(id))}>
          <Tabs.List>
            {tabs.map((entry) => <Tabs.Tab key={entry.id} value={entry.id}>{t(entry.label.key, { ns: entry.label.namespace })}</Tabs.Tab>)}
          </Tabs.List>
        </Tabs>
      )}
      {Content
        ? <Suspense fallback={<Loader size="sm" aria-label={t('loading.text')} />}><Content file={file.data} structureIndex={index} /></Suspense>
        : <NotAvailablePage />}
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
