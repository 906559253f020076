/**
 * My Monitoring (spec 000 §2 `/p/:patientFileIndex/health-path-data`, issue 11 §6), for the
 * patient and the caregiver who helps them: a card per indicator the establishment lets
 * patients see (last value, chart over 7/30/90 days with their thresholds and reference value,
 * values list), entering a value while the file is open, correcting one they typed a few minutes
 * ago, their questionnaire answers, and the therapeutic content of the file's service (issue 20 §2).
 */
import { Alert, Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePatientArea } from '../../lib/areas.ts';
import { FormResponsesList } from '../../lib/form-responses/form-responses-list.tsx';
import { paths } from '../../lib/paths.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useMonitoredIndicators } from '../../lib/monitoring/queries.ts';
import { CorrectValueModal, type Correcting } from './correct-value-form.tsx';
import { EducationSection } from './education-section.tsx';
import { EnterValueModal } from './enter-value-form.tsx';
import { FollowUpState } from './follow-up-state.tsx';
import { IndicatorCard } from './indicator-card.tsx';
import { MONITORING } from './texts.ts';

const K = 'monitoring';

export function HealthPathDataPage() {
  const { t } = useTranslation(MONITORING);
  const { index, patientFile } = usePatientArea();
  usePageTitle(t(`${K}.title`));
  const indicators = useMonitoredIndicators(patientFile.id);
  const open = patientFile.status === 'OPEN';
  const [entering, setEntering] = useState<{ indicatorId?: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState<Correcting | null>(null);

  return (
    <Stack gap="lg" data-testid="health-path-data">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">{t(`${K}.title`)}</Title>
        {open && indicators.data && indicators.data.length > 0 && (
          <Button onClick={() => { setDone(null); setEntering({}); }}>{t(`${K}.enter.open`)}</Button>
        )}
      </Group>
      <FollowUpState status={patientFile.status} />
      {done && <Alert color="positive" variant="light" role="status" withCloseButton onClose={() => setDone(null)}>{done}</Alert>}
      <Stack gap="sm" component="section" aria-labelledby="monitoring-indicators">
        <Title order={2} size="h3" id="monitoring-indicators">{t(`${K}.indicatorsTitle`)}</Title>
        <QueryState query={indicators} loadingLabel={t(`${K}.loading`)} homeHref={paths.patient.home.getHref({ patientFileIndex: index })} empty={t(`${K}.empty`)}>
          {(rows) => (
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              {rows.map((indicator) => (
                <IndicatorCard key={indicator.id} patientFileId={patientFile.id} indicator={indicator}
                  onEnter={open ? () => { setDone(null); setEntering({ indicatorId: indicator.id }); } : undefined}
                  onCorrect={open ? (measure) => { setDone(null); setCorrecting({ indicator, measure }); } : undefined} />
              ))}
            </SimpleGrid>
          )}
        </QueryState>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="monitoring-responses">
        <Title order={2} size="h3" id="monitoring-responses">{t(`${K}.responsesTitle`)}</Title>
        <FormResponsesList patientFileId={patientFile.id}
          responseHref={(formResponseId) => paths.patient.formResponse.getHref({ patientFileIndex: index, formResponseId })} />
      </Stack>
      <EducationSection patientFileId={patientFile.id} patientFileIndex={index} />
      {correcting && (
        <CorrectValueModal patientFileId={patientFile.id} correcting={correcting}
          onDone={(message) => { setCorrecting(null); setDone(message); }} onCancel={() => setCorrecting(null)} />
      )}
      {indicators.data && (
        <EnterValueModal
          opened={entering !== null}
          patientFileId={patientFile.id}
          indicators={indicators.data}
          initialIndicatorId={entering?.indicatorId}
          onDone={(message) => { setEntering(null); setDone(message); }}
          onCancel={() => setEntering(null)}
        />
      )}
    </Stack>
  );
}

export const Component = HealthPathDataPage;
