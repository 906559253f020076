/**
 * The questionnaires of a patient file, for its professionals (issue 10 §4 "Questionnaires"):
 * each with its status, planning in words, next occurrence, last answer and late count, and the
 * changes spec 001 §4 allows — assign one of the establishment's questionnaires, activate or
 * deactivate, exclude or restore (confirmed), give the file its own planning. A closed file is
 * shown read-only (the server refuses any change with 409 patient_file_closed anyway).
 */
import { Alert, Badge, Button, Group, Loader, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileForm } from '../../../../schemas/form-api.ts';
import { useForms } from '../../../blocks/shared/api/get-forms.ts';
import { useDates } from '../../../lib/dates/use-dates.ts';
import { notify } from '../../../lib/notify.ts';
import { QueryState } from '../../../lib/ui/query-state.tsx';
import { useChangeFileForm, useFileForms, type FileFormChange } from '../api/file-forms.ts';
import { QUESTIONNAIRES } from '../texts.ts';
import { planningWords } from './planning-words.ts';

const OverloadDialog = lazy(() => import('./overload-dialog.tsx'));

const STATUS_COLOR: Record<FileForm['status'], string> = { active: 'positive', deactivated: 'gray.7', excluded: 'warning' };
const K = 'questionnaires.fileForms';

type Simple = Extract<FileFormChange, { assignmentId: string; action: 'activate' | 'deactivate' | 'exclude' | 'restore' }>['action'];

export interface FileQuestionnairesProps {
  patientFileId: string;
  establishmentId: string;
  /** The file is not open: nothing can be changed. */
  readOnly: boolean;
  homeHref: string;
}

export function FileQuestionnaires({ patientFileId, establishmentId, readOnly, homeHref }: FileQuestionnairesProps) {
  const { t } = useTranslation(QUESTIONNAIRES);
  const dates = useDates();
  const list = useFileForms(patientFileId);
  const change = useChangeFileForm(patientFileId);
  const [confirming, setConfirming] = useState<{ action: 'exclude' | 'restore'; form: FileForm } | null>(null);
  const [overloading, setOverloading] = useState<FileForm | null>(null);

  const run = (action: Simple, form: FileForm) => {
    change.mutate({ action, assignmentId: form.id }, { onSuccess: () => void notify({ color: 'positive', message: t(`${K}.done.${action}`) }) });
  };

  if (!list.isSuccess) return <QueryState query={list} loadingLabel={t('loading.text')} homeHref={homeHref} />;
  const forms = list.data;

  return (
    <Stack gap="sm" data-testid="file-questionnaires">
      {readOnly && <Alert color="gray" variant="light">{t(`${K}.readOnly`)}</Alert>}
      {!readOnly && (
        <AssignForm
          establishmentId={establishmentId} assigned={new Set(forms.map((f) => f.formId))} pending={change.isPending}
          onAssign={(formId) => change.mutate({ action: 'assign', formId }, { onSuccess: () => void notify({ color: 'positive', message: t(`${K}.assign.done`) }) })}
        />
      )}
      {change.isError && <Alert color="negative" variant="light" role="alert">{t(`${K}.failed`, { message: change.error.message })}</Alert>}
      {!forms.length ? <Text c="dimmed">{t(`${K}.empty`)}</Text> : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped data-testid="file-questionnaires-table">
            <Table.Thead>
              <Table.Tr>
                {(['name', 'status', 'planning', 'next', 'lastAnswer', 'late'] as const).map((c) => <Table.Th key={c}>{t(`${K}.columns.${c}`)}</Table.Th>)}
                {!readOnly && <Table.Th>{t(`${K}.columns.actions`)}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {forms.map((form) => (
                <Table.Tr key={form.id} data-form={form.reference}>
                  <Table.Td>
                    <Text size="sm" fw={500}>{form.name}</Text>
                    {form.overloaded && <Badge size="xs" variant="light">{t(`${K}.own`)}</Badge>}
                  </Table.Td>
                  {/* Never squeezed by the planning beside it (the badge would cut its word). */}
                  <Table.Td><Badge color={STATUS_COLOR[form.status]} variant="filled" style={{ minWidth: 'max-content' }}>{t(`${K}.status.${form.status}`)}</Badge></Table.Td>
                  <Table.Td><Text size="sm">{form.planning ? planningWords(form.planning, t) : t(`${K}.free`)}</Text></Table.Td>
                  <Table.Td>{form.nextOccurrenceAt ? dates.dateTime(form.nextOccurrenceAt, 'short') : t(`${K}.none`)}</Table.Td>
                  <Table.Td>{form.lastAnsweredAt ? dates.dateTime(form.lastAnsweredAt, 'short') : t(`${K}.none`)}</Table.Td>
                  <Table.Td>{form.lateCount > 0 ? <Badge color="negative" variant="light">{t(`${K}.lateCount`, { count: form.lateCount })}</Badge> : t(`${K}.none`)}</Table.Td>
                  {!readOnly && (
                    <Table.Td>
                      <Group gap={4} wrap="wrap" role="group" aria-label={t(`${K}.actions.menu`, { name: form.name })}>
                        {form.status !== 'excluded' && (form.status === 'active'
                          ? <Button size="compact-xs" variant="default" onClick={() => run('deactivate', form)}>{t(`${K}.actions.deactivate`)}</Button>
                          : <Button size="compact-xs" variant="default" onClick={() => run('activate', form)}>{t(`${K}.actions.activate`)}</Button>)}
                        {form.status === 'excluded'
                          ? <Button size="compact-xs" variant="default" onClick={() => setConfirming({ action: 'restore', form })}>{t(`${K}.actions.restore`)}</Button>
                          : <Button size="compact-xs" variant="default" color="warning" onClick={() => setConfirming({ action: 'exclude', form })}>{t(`${K}.actions.exclude`)}</Button>}
                        {form.submissionType === 'PLANNED' && form.status !== 'excluded' && (
                          <Button size="compact-xs" variant="default" onClick={() => { change.reset(); setOverloading(form); }}>{t(`${K}.actions.overload`)}</Button>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {confirming && (
        <Modal opened onClose={() => setConfirming(null)} title={t(`${K}.confirm.${confirming.action}Title`, { name: confirming.form.name })} closeButtonProps={{ 'aria-label': t('common.close') }}>
          <Text size="sm">{t(`${K}.confirm.${confirming.action}Text`)}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setConfirming(null)}>{t(`${K}.confirm.cancel`)}</Button>
            <Button onClick={() => { run(confirming.action, confirming.form); setConfirming(null); }}>{t(`${K}.confirm.confirm`)}</Button>
          </Group>
        </Modal>
      )}
      {overloading && (
        <Suspense fallback={<Loader size="sm" aria-label={t('loading.text')} />}>
          <OverloadDialog patientFileId={patientFileId} form={overloading} onClose={(saved) => { setOverloading(null); if (saved) void notify({ color: 'positive', message: t(`${K}.overload.saved`) }); }} />
        </Suspense>
      )}
    </Stack>
  );
}

/** The establishment's questionnaires not yet assigned to the file, to assign one. */
function AssignForm({ establishmentId, assigned, pending, onAssign }: { establishmentId: string; assigned: Set<string>; pending: boolean; onAssign(formId: string): void }) {
  const { t } = useTranslation(QUESTIONNAIRES);
  const forms = useForms(establishmentId);
  const [formId, setFormId] = useState<string | null>(null);
  const options = (forms.data?.data ?? []).filter((f) => !assigned.has(f.id)).map((f) => ({ value: f.id, label: f.name }));
  if (forms.isSuccess && !options.length) return <Text size="sm" c="dimmed">{t(`${K}.assign.none`)}</Text>;
  return (
    <form onSubmit={(e) => { e.preventDefault(); if (formId) { onAssign(formId); setFormId(null); } }}>
      <Group align="flex-end" gap="xs">
        <Select
          label={t(`${K}.assign.label`)} placeholder={t(`${K}.assign.placeholder`)} data={options} value={formId} onChange={setFormId}
          searchable disabled={!forms.isSuccess} w={320} comboboxProps={{ withinPortal: false }}
        />
        <Button type="submit" disabled={!formId} loading={pending}>{t(`${K}.assign.submit`)}</Button>
      </Group>
    </form>
  );
}
