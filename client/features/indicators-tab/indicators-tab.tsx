/**
 * The professional's indicators tab of a patient file (issue 11 §6): the file's charts (chart
 * displays), its value table with its settings, the thresholds and reference values in force per
 * indicator, and its non-compliance rules. A closed file is shown read-only (the server refuses
 * any change with 409 anyway).
 */
import { Alert, Divider, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useCustomizableIndicators } from './api/indicators-tab.ts';
import { ChartsSection } from './charts-section.tsx';
import { RulesSection } from './rules-section.tsx';
import { ThresholdsSection } from './thresholds-section.tsx';
import { ValueTableSection } from './value-table-section.tsx';
import { INDICATORS_TAB } from './texts.ts';

const K = 'indicatorsTab';

export function IndicatorsTab({ file }: { file: PatientFileSummary }) {
  const { t } = useTranslation(INDICATORS_TAB);
  usePageTitle(t(`${K}.tab`));
  const readOnly = file.status !== 'OPEN';
  const indicators = useCustomizableIndicators(file.id);
  const list = indicators.data?.data ?? [];
  return (
    <Stack gap="lg" component="section" aria-labelledby="indicators-tab-title" data-testid="indicators-tab">
      <Title order={2} size="h3" id="indicators-tab-title">{t(`${K}.tab`)}</Title>
      {readOnly && <Alert color="gray" variant="light">{t(`${K}.readOnly`)}</Alert>}
      <ChartsSection fileId={file.id} readOnly={readOnly} indicators={list} />
      <Divider />
      <ValueTableSection fileId={file.id} readOnly={readOnly} indicators={list} />
      <Divider />
      <ThresholdsSection fileId={file.id} readOnly={readOnly} indicators={indicators} />
      <RulesSection fileId={file.id} establishmentId={file.service.establishment.id} readOnly={readOnly} indicators={list} />
    </Stack>
  );
}
