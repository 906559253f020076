/**
 * A questionnaire of the establishment by its reference. In a patient's area: its task status
 * from the real tasks endpoint and the way to My Tasks; elsewhere: its name from the
 * establishment's questionnaires, or that the establishment has none with this reference.
 */
import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { FromSchema } from 'json-schema-to-ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { questionnaireLauncherProps } from '../../../schemas/blocks/generic.ts';
import { useForms } from '../shared/api/get-forms.ts';
import { useTasks } from '../shared/api/get-tasks.ts';
import { BlockCard } from '../shared/block-card.tsx';
import { EDITOR_NAMESPACE } from '../shared/editor-namespace.ts';
import { EmptyState } from '../shared/empty-state.tsx';
import { localize, resolveHref } from '../shared/layout-text.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import type { BlockComponentProps } from '../types.ts';

export default function QuestionnaireLauncherBlock({ props, context }: BlockComponentProps<FromSchema<typeof questionnaireLauncherProps>>) {
  const { t, i18n } = useTranslation();
  const patient = context.area === 'patient' && !context.preview;
  const tasks = useTasks(patient ? context.patientFileId : undefined);
  const forms = useForms(!patient && !context.preview ? context.structureId : undefined);
  const task = tasks.data?.find((x) => x.reference === props.formReference && x.status !== 'completed' && x.status !== 'expired');
  const form = forms.data?.data.find((x) => x.reference === props.formReference);
  const name = task?.name ?? form?.name;
  const query = patient ? tasks : forms;
  return (
    <BlockCard title={localize(props.title, i18n.language) || name || t('blocks.types.questionnaire-launcher')}>
      {props.description && <Text size="sm" mb="xs">{localize(props.description, i18n.language)}</Text>}
      {context.preview && <EmptyState>{t('layoutBuilder.previewNoData', { ns: EDITOR_NAMESPACE })}</EmptyState>}
      {!context.preview && <QueryState<unknown> query={query} homeHref={context.areaHref} />}
      {query.isSuccess && !name && <EmptyState>{t(patient ? 'blocks.questionnaireNotDue' : 'blocks.questionnaireUnknown')}</EmptyState>}
      {patient && task && (
        <Group justify="space-between" gap="xs">
          <Badge variant="light" color={task.late ? 'warning' : 'info'}>{t(`blocks.taskStatus.${task.status}`)}</Badge>
          <Anchor component={Link} to={resolveHref('my-tasks', context.areaHref).href}>{t('blocks.answerQuestionnaire')}</Anchor>
        </Group>
      )}
      {!patient && form && <Text size="sm">{form.name}</Text>}
    </BlockCard>
  );
}
