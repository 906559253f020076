/**
 * The condition screen (`/s/:structureIndex/condition/:id`, spec 000 §2): the condition, its
 * pathology and the pathology's description, whose file it is, and a link back to the file's
 * Conditions tab.
 */
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { textIn } from '../../../schemas/localized-text.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { paths } from '../../lib/paths.ts';
import { useCanOpen } from '../../lib/route-access.ts';
import { FileStatusBadge } from '../../lib/ui/file-status-badge.tsx';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useCondition } from './api/conditions.ts';
import { CONDITIONS } from './texts.ts';

const K = 'conditions';

export function Component() {
  const { id = '' } = useParams();
  const { index } = useStructureArea();
  const { t, i18n } = useTranslation(CONDITIONS);
  const dates = useDates();
  const query = useCondition(id);
  const canOpen = useCanOpen();
  const name = query.data ? textIn(query.data.condition.pathology.name, i18n.language) ?? query.data.condition.pathology.slug : '';
  usePageTitle(query.data ? t(`${K}.screen.title`, { name }) : t(`${K}.tab`));

  if (!query.isSuccess) return <QueryState query={query} loadingLabel={t(`${K}.loading`)} homeHref={paths.professional.home.getHref({ structureIndex: index })} />;

  const { condition, patientFile } = query.data;
  const patient = patientFile.patient;
  const patientName = `${patient.firstName} ${patient.usedName ?? patient.lastName}`;
  const description = condition.pathology.description ? textIn(condition.pathology.description, i18n.language) : undefined;
  const fileHref = paths.professional.patientFile.getHref({ structureIndex: index, patientFileId: patientFile.id, currentTab: 'conditions' });
  return (
    <Stack gap="md" data-testid="condition-screen">
      {/* The manager reads a condition but opens no file: the way back to it is offered only to who may open it. */}
      {canOpen(fileHref) && <Anchor component={Link} to={fileHref} size="sm">{t(`${K}.screen.back`, { name: patientName })}</Anchor>}
      <Title order={1} size="h2">{t(`${K}.screen.title`, { name })}</Title>
      <Paper withBorder p="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{t(`${K}.screen.patient`)}</Text>
            {/* Each part isolated: a Latin name beside a date must not reorder in Arabic. */}
            <Text><bdi>{patientName}</bdi>{patient.birthDate ? <> · <bdi>{dates.calendarDate(patient.birthDate)}</bdi></> : null}</Text>
          </Group>
          <Group gap="xs">
            <Text fw={600}>{t(`${K}.screen.service`)}</Text><Text>{patientFile.serviceName}</Text>
            <FileStatusBadge status={patientFile.status} />
          </Group>
          <Group gap="xs">
            <Text fw={600}>{t(`${K}.columns.diagnosedOn`)}</Text>
            <Text>{condition.diagnosedOn ? dates.calendarDate(condition.diagnosedOn) : t(`${K}.none`)}</Text>
          </Group>
          {condition.note && <Group gap="xs"><Text fw={600}>{t(`${K}.columns.note`)}</Text><Text>{condition.note}</Text></Group>}
          <Text size="sm" c="dimmed">
            {condition.createdBy
              ? t(`${K}.screen.addedOn`, { date: dates.dateTime(condition.createdAt, 'short'), name: condition.createdBy.name })
              : t(`${K}.screen.addedOnAlone`, { date: dates.dateTime(condition.createdAt, 'short') })}
          </Text>
        </Stack>
      </Paper>
      <Stack gap={4} component="section" aria-labelledby="pathology-description">
        <Group gap="xs">
          <Title order={2} size="h4" id="pathology-description">{t(`${K}.screen.description`)}</Title>
          <Badge variant="light" color="gray" tt="none"><bdi>{name}</bdi></Badge>
        </Group>
        <Text>{description ?? t(`${K}.screen.noDescription`)}</Text>
      </Stack>
    </Stack>
  );
}
