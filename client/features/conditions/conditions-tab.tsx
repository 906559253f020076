/**
 * The Conditions tab of the patient file (issue 10 §4): the patient's conditions, chosen from the
 * establishment's pathologies; add one (pathology, optional diagnosis date and note) and remove one
 * (confirmed). A row opens the condition's screen (`condition/:id`). The server checks every rule
 * and answers on the field in the interface's language; its message is shown on that field. A
 * closed file is shown read-only.
 */
import { Alert, Anchor, Button, Group, Modal, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { textIn } from '../../../schemas/localized-text.ts';
import type { Condition, ConditionBody, Pathology } from '../../../schemas/conditions.ts';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { todayIn } from '../../lib/dates/age.ts';
import { CalendarDateInput, calendarDateOf } from '../../lib/dates/calendar-date-input.tsx';
import { dateInputHint } from '../../lib/dates/calendar-input.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { paths } from '../../lib/paths.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAddCondition, useConditions, usePathologies, useRemoveCondition } from './api/conditions.ts';
import { CONDITIONS } from './texts.ts';

const K = 'conditions';

export function ConditionsTab({ file, structureIndex }: { file: PatientFileSummary; structureIndex: number }) {
  const { t, i18n } = useTranslation(CONDITIONS);
  const dates = useDates();
  usePageTitle(t(`${K}.tab`));
  const readOnly = file.status !== 'OPEN';
  const list = useConditions(file.id);
  const pathologies = usePathologies(file.service.establishment.id);
  const add = useAddCondition(file.id);
  const remove = useRemoveCondition(file.id);
  const [done, setDone] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Condition | null>(null);
  const nameOf = (p: Pathology) => textIn(p.name, i18n.language) ?? p.slug;

  const errors = messagesByField(add.error);
  const failure = (add.isError && Object.keys(errors).length === 0 ? add.error.message : null) ?? (remove.isError ? remove.error.message : null);
  const present = new Set((list.data?.data ?? []).map((c) => c.pathology.id));

  return (
    <Stack gap="md" component="section" aria-labelledby="file-conditions-title" data-testid="file-conditions">
      <Title order={2} size="h3" id="file-conditions-title">{t(`${K}.tab`)}</Title>
      {readOnly && <Alert color="gray" variant="light">{t(`${K}.readOnly`)}</Alert>}
      {done && <Alert color="positive" variant="light" role="status">{done}</Alert>}
      {failure && <Alert color="negative" variant="light" role="alert">{t(`${K}.failed`, { message: failure })}</Alert>}
      <QueryState query={list} loadingLabel={t(`${K}.loading`)} empty={t(`${K}.empty`)} isEmpty={(d) => d.data.length === 0}>
        {({ data: conditions }) => (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t(`${K}.tableLabel`)}>
              <Table.Thead>
                <Table.Tr>
                  {(['pathology', 'diagnosedOn', 'note', 'addedBy'] as const).map((c) => <Table.Th key={c}>{t(`${K}.columns.${c}`)}</Table.Th>)}
                  {!readOnly && <Table.Th>{t(`${K}.columns.actions`)}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {conditions.map((c) => {
                  const name = nameOf(c.pathology);
                  return (
                    <Table.Tr key={c.id} data-condition={c.id}>
                      <Table.Td>
                        <Anchor component={Link} to={paths.professional.condition.getHref({ structureIndex, id: c.id })} aria-label={t(`${K}.open`, { name })}>
                          {name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{c.diagnosedOn ? dates.calendarDate(c.diagnosedOn) : t(`${K}.none`)}</Table.Td>
                      <Table.Td>{c.note ?? t(`${K}.none`)}</Table.Td>
                      <Table.Td>{c.createdBy?.name ?? t(`${K}.none`)}</Table.Td>
                      {!readOnly && (
                        <Table.Td>
                          <Button size="compact-xs" variant="default" color="warning" onClick={() => { setDone(null); setRemoving(c); }}>
                            {t(`${K}.remove.open`, { name })}
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      {!readOnly && (
        <AddCondition
          pathologies={(pathologies.data?.data ?? []).filter((p) => !present.has(p.id)).map((p) => ({ value: p.id, label: nameOf(p) }))}
          today={todayIn(dates.timeZone)} pending={add.isPending} errors={errors}
          onAdd={(body, reset) => {
            setDone(null);
            add.mutate(body, {
              onSuccess: (created) => { reset(); setDone(t(`${K}.done.add`, { name: nameOf(created.pathology) })); },
            });
          }}
        />
      )}
      {removing && (
        <Modal opened onClose={() => setRemoving(null)} title={t(`${K}.remove.title`, { name: nameOf(removing.pathology) })} closeButtonProps={{ 'aria-label': t(`${K}.remove.cancel`) }}>
          <Text size="sm">{t(`${K}.remove.text`)}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setRemoving(null)}>{t(`${K}.remove.cancel`)}</Button>
            <Button color="warning" onClick={() => {
              const name = nameOf(removing.pathology);
              remove.mutate(removing.id, { onSuccess: () => setDone(t(`${K}.done.remove`, { name })) });
              setRemoving(null);
            }}>{t(`${K}.remove.confirm`)}</Button>
          </Group>
        </Modal>
      )}
    </Stack>
  );
}

function AddCondition({ pathologies, today, pending, errors, onAdd }: {
  pathologies: { value: string; label: string }[]; today: string; pending: boolean; errors: Record<string, string>;
  onAdd(body: ConditionBody, reset: () => void): void;
}) {
  const { t } = useTranslation(CONDITIONS);
  const { language } = useDates();
  const [pathologyId, setPathologyId] = useState<string | null>(null);
  const [diagnosedOn, setDiagnosedOn] = useState('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const reset = () => { setPathologyId(null); setDiagnosedOn(''); setNote(''); };
  return (
    <Stack gap="xs" component="section" aria-labelledby="add-condition-title">
      <Title order={3} size="h4" id="add-condition-title">{t(`${K}.add.title`)}</Title>
      <form noValidate onSubmit={(e) => {
        e.preventDefault();
        if (!pathologyId) { setMissing(true); return; }
        // What was typed is sent as typed: the server says on the field what does not fit.
        onAdd({ pathologyId, ...(diagnosedOn ? { diagnosedOn: calendarDateOf(diagnosedOn, language) } : {}), ...(note.trim() ? { note } : {}) }, reset);
      }}>
        <Stack gap="xs" maw={480}>
          <Select
            label={t(`${K}.add.pathology`)} placeholder={t(`${K}.add.pathologyPlaceholder`)} data={pathologies} value={pathologyId}
            onChange={(v) => { setPathologyId(v); setMissing(false); }} searchable nothingFoundMessage={t(`${K}.add.nothingFound`)} required
            error={missing ? t(`${K}.add.pathologyRequired`) : errors['body.pathologyId']}
          />
          <CalendarDateInput
            label={t(`${K}.add.diagnosedOn`)} description={t(`${K}.add.diagnosedOnHelp`, { format: dateInputHint(language) })} value={diagnosedOn} w={220}
            onChange={setDiagnosedOn} error={errors['body.diagnosedOn']}
          />
          <Textarea
            label={t(`${K}.add.note`)} description={t(`${K}.add.noteHelp`)} value={note} autosize minRows={2}
            onChange={(e) => setNote(e.currentTarget.value)} error={errors['body.note']}
          />
          <Group><Button type="submit" loading={pending}>{t(`${K}.add.submit`)}</Button></Group>
        </Stack>
      </form>
    </Stack>
  );
}
