/**
 * My Monitoring's therapeutic content (issue 20 §2, spec 000 `education/:documentId`): the items
 * of the file's service library, each a link to its screen, with the icon and the name of its
 * kind. Shown on a closed file too: reading stays open.
 */
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EducationKindIcon } from '../../lib/education/kind-icon.tsx';
import { usePatientEducation } from '../../lib/education/queries.ts';
import { EDUCATION_KINDS } from '../../lib/education/texts.ts';
import { paths } from '../../lib/paths.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { MONITORING } from './texts.ts';

const K = 'monitoring.education';

export function EducationSection({ patientFileId, patientFileIndex }: { patientFileId: string; patientFileIndex: number }) {
  const { t } = useTranslation(MONITORING);
  const { t: kinds } = useTranslation(EDUCATION_KINDS);
  const content = usePatientEducation(patientFileId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="monitoring-education" data-testid="education-section">
      <Title order={2} size="h3" id="monitoring-education">{t(`${K}.title`)}</Title>
      <QueryState query={content} loadingLabel={t(`${K}.loading`)} empty={t(`${K}.empty`)} isEmpty={(c) => c.documents.length === 0}>
        {(c) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {c.documents.map((item) => (
              <Paper key={item.id} component="li" withBorder p="sm" radius="md">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <EducationKindIcon kind={item.kind} />
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Anchor component={Link} fw={600} to={paths.patient.education.getHref({ patientFileIndex, documentId: item.id })} data-testid="education-link">
                      <bdi>{item.title}</bdi>
                    </Anchor>
                    <Text size="sm" c="dimmed">{kinds(`educationKinds.${item.kind}`)}</Text>
                  </Stack>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}
