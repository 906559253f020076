/**
 * Closing a patient file (POST /patient_files/{id}/close): the reason type among the fixed list,
 * translated, and the reason, a text area required for "Other reason", in the forms stack
 * (SchemaForm over the contract's schema, titles in the interface's language); the server's
 * refusals land on their field. On success the file's queries are stale (api/status.ts).
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { UiSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOSING_REASON_TYPES, closeBodySchema, type CloseBody } from '../../../schemas/patient-file-status.ts';
import { SchemaForm } from '../../lib/json-schema-form/schema-form.tsx';
import { serverErrors } from '../../lib/json-schema-form/server-errors.ts';
import { useChangeStatus } from './api/status.ts';
import { PATIENT_FILE_STATUS } from './texts.ts';

const K = 'patientFileStatus.close';
const FIELDS = ['closingReasonType', 'closingReason'] as const;

export function CloseFileDialog({ patientFileId, onClose }: { patientFileId: string; onClose(closed: boolean): void }) {
  const { t } = useTranslation(PATIENT_FILE_STATUS);
  const [value, setValue] = useState<Partial<CloseBody>>({});
  const change = useChangeStatus(patientFileId);
  const other = value.closingReasonType === 'OTHER';
  const schema = useMemo(() => ({
    type: 'object',
    required: other ? ['closingReasonType', 'closingReason'] : ['closingReasonType'],
    properties: {
      closingReasonType: {
        type: 'string', title: t(`${K}.reasonType`),
        oneOf: CLOSING_REASON_TYPES.map((type) => ({ const: type, title: t(`patientFileStatus.reasons.${type}`) })),
      },
      closingReason: { ...closeBodySchema.properties.closingReason, title: t(`${K}.reason`), description: t(`${K}.reasonHelp`) },
    },
  }), [t, other]);
  const uiSchema = useMemo<UiSchema>(() => ({
    closingReasonType: { 'ui:widget': 'radio' },
    closingReason: { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } },
  }), []);
  const fieldErrors = serverErrors(change.error, 'body.', FIELDS);
  const submit = () => {
    if (!value.closingReasonType) return;
    const reason = value.closingReason;
    const body: CloseBody = { closingReasonType: value.closingReasonType, ...(reason !== undefined && reason !== '' ? { closingReason: reason } : {}) };
    change.mutate({ action: 'close', body }, { onSuccess: () => onClose(true) });
  };
  return (
    <Modal opened onClose={() => onClose(false)} size="lg" title={t(`${K}.title`)} closeButtonProps={{ 'aria-label': t(`${K}.cancel`) }}>
      <Stack gap="sm">
        <Text size="sm">{t(`${K}.intro`)}</Text>
        <SchemaForm schema={schema} uiSchema={uiSchema} value={value} onChange={setValue} errors={fieldErrors} />
        {change.isError && !fieldErrors && (
          <Alert color="negative" variant="light" role="alert">{t('patientFileStatus.failed', { message: change.error.message })}</Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>{t(`${K}.cancel`)}</Button>
          <Button color="warning" onClick={submit} loading={change.isPending} disabled={!value.closingReasonType}>{t(`${K}.confirm`)}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
