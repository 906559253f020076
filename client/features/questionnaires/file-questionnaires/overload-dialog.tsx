/**
 * "Own planning" of a questionnaire for this file (POST /patient_file_forms/{id}/overload), in
 * the forms stack (SchemaForm over the planning's JSON Schema: the same bounds as the server,
 * messages on the fields in the interface's language); the server's refusals land on their field.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planningSchema, type FileForm, type Planning } from '../../../../schemas/form-api.ts';
import { SchemaForm } from '../../../lib/json-schema-form/schema-form.tsx';
import { serverErrors } from '../../../lib/json-schema-form/server-errors.ts';
import { QUESTIONNAIRES } from '../texts.ts';
import { useChangeFileForm } from '../api/file-forms.ts';

const DEFAULT_PLANNING: Planning = { everyDays: 1, occurrences: 30, windowHours: 24, graceHours: 0 };
const FIELDS = ['everyDays', 'occurrences', 'windowHours', 'graceHours', 'time'] as const;

export default function OverloadDialog({ patientFileId, form, onClose }: { patientFileId: string; form: FileForm; onClose(saved: boolean): void }) {
  const { t } = useTranslation(QUESTIONNAIRES);
  const [value, setValue] = useState<Partial<Planning>>(form.planning ?? DEFAULT_PLANNING);
  const change = useChangeFileForm(patientFileId);
  const schema = useMemo(() => ({
    ...planningSchema,
    properties: Object.fromEntries(FIELDS.map((name) => [name, { ...planningSchema.properties[name], title: t(`questionnaires.fileForms.overload.${name}`) }])),
  }), [t]);
  const fieldErrors = serverErrors(change.error, 'body.planning.', FIELDS);
  const save = () => {
    const { time, ...rest } = value;
    const planning = { ...rest, ...(time ? { time } : {}) } as Planning;
    change.mutate({ action: 'overload', assignmentId: form.id, planning }, { onSuccess: () => onClose(true) });
  };
  return (
    <Modal opened onClose={() => onClose(false)} size="lg" title={t('questionnaires.fileForms.overload.title', { name: form.name })} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="sm">
        <Text size="sm">{t('questionnaires.fileForms.overload.intro')}</Text>
        <SchemaForm schema={schema} value={value} onChange={setValue} errors={fieldErrors} />
        {change.isError && !fieldErrors && (
          <Alert color="negative" variant="light" role="alert">{t('questionnaires.fileForms.failed', { message: change.error.message })}</Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>{t('questionnaires.fileForms.overload.cancel')}</Button>
          <Button onClick={save} loading={change.isPending}>{t('questionnaires.fileForms.overload.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
