/**
 * A file question (png, jpeg, pdf): picked, checked, then uploaded at once (prepare → upload);
 * the answer holds the file's id. States idle, uploading, uploaded, failed with retry
 * (upload-machine.ts). Read-only, it says whether a file was attached.
 */
import { Alert, Anchor, Button, FileButton, Group, Image, Input, Loader, Stack, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { uploadFile } from '../api/upload-file.ts';
import type { QuestionnaireFormContext } from '../answer/form-context.ts';
import { acceptAttribute, failureOf, initialUploadState, uploadReducer, type UploadEvent, type UploadState } from './upload-machine.ts';

export const FILE_WIDGET = 'questionnaireFile';

const TYPE_NAMES: Record<string, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'application/pdf': 'PDF' };

export function FileUploadWidget(props: WidgetProps) {
  const { id, value, onChange, options, label, required, rawErrors, readonly, disabled, schema, registry } = props;
  const { t, uploads, fileUrl } = registry.formContext as QuestionnaireFormContext;
  const accept = (options.accept as string[] | undefined) ?? ['image/png', 'image/jpeg', 'application/pdf'];
  const maxSizeMb = (options.maxSizeMb as number | undefined) ?? 10;
  const images = accept.every((type) => type.startsWith('image/'));
  const [state, dispatch] = useReducer(
    (s: UploadState<File>, e: UploadEvent<File>) => uploadReducer(s, e),
    typeof value === 'string' && value ? value : undefined,
    (v) => initialUploadState(v) as UploadState<File>,
  );
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (state.status !== 'uploading') return;
    const controller = new AbortController();
    uploads?.begin(id);
    uploadFile(state.file, controller.signal).then(
      (fileId) => { dispatch({ type: 'succeeded', fileId }); onChangeRef.current(fileId); },
      (error: unknown) => { if (!controller.signal.aborted) dispatch({ type: 'failed', failure: failureOf(error) }); },
    ).finally(() => uploads?.end(id));
    return () => controller.abort();
  }, [state, id, uploads]);

  const shown = state.status === 'uploaded' || state.status === 'uploading' ? state.file : undefined;
  const preview = useMemo(() => (shown?.type.startsWith('image/') ? URL.createObjectURL(shown) : undefined), [shown]);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);

  const types = accept.map((type) => TYPE_NAMES[type] ?? type).join(', ');
  const pick = (file: File | null) => { if (file) dispatch({ type: 'pick', file, accept, maxSizeMb }); };
  const remove = () => { dispatch({ type: 'remove' }); onChange(undefined); };
  const description = (options.description as string | undefined) ?? schema.description;
  const error = rawErrors?.length ? rawErrors.join('\n') : undefined;

  if (readonly || disabled) {
    return (
      <Input.Wrapper id={id} label={label} description={description}>
        {typeof value === 'string' && value && fileUrl ? (
          <Stack gap={4} mt={4} align="flex-start">
            {images && <Image src={fileUrl(value)} alt={t('questionnaires.files.preview')} mah={200} maw={300} w="auto" fit="contain" radius="sm" />}
            <Anchor href={fileUrl(value)} target="_blank" rel="noopener" size="sm">{t('questionnaires.files.open')}</Anchor>
          </Stack>
        ) : (
          <Text size="sm" c={value ? undefined : 'dimmed'}>{t(value ? 'questionnaires.files.attached' : 'questionnaires.files.none')}</Text>
        )}
      </Input.Wrapper>
    );
  }

  const chooser = (key: 'choose' | 'replace' | 'chooseOther') => (
    <FileButton onChange={pick} accept={acceptAttribute(accept)} inputProps={{ 'aria-describedby': `${id}-types`, name: id }}>
      {(buttonProps) => <Button variant={key === 'choose' ? 'light' : 'subtle'} size="sm" {...buttonProps} id={key === 'choose' ? id : undefined}>{t(`questionnaires.files.${key}${key === 'choose' && images ? 'Photo' : ''}`)}</Button>}
    </FileButton>
  );

  return (
    <Input.Wrapper id={id} label={label} required={required} description={description} error={error} data-upload-state={state.status}>
      <Stack gap={6} mt={4} align="flex-start">
        <Text id={`${id}-types`} size="xs" c="dimmed">{t('questionnaires.files.accepted', { types, size: maxSizeMb })}</Text>
        {preview && <Image src={preview} alt={t('questionnaires.files.preview')} mah={100} maw={300} w="auto" fit="contain" radius="sm" />}
        {state.status === 'idle' && (
          <>
            {chooser('choose')}
            {state.refused && (
              <Text size="sm" c="negative.8" role="alert">
                {t(state.refused === 'type' ? 'questionnaires.files.typeRefused' : 'questionnaires.files.tooLarge', { name: state.refusedName, types, size: maxSizeMb })}
              </Text>
            )}
          </>
        )}
        {state.status === 'uploading' && (
          <Group gap="xs" role="status"><Loader size="xs" /><Text size="sm">{t('questionnaires.files.uploading', { name: state.file.name })}</Text></Group>
        )}
        {state.status === 'uploaded' && (
          <Group gap="xs">
            <Text size="sm" role="status" c="positive.9">✓ {state.name ? t('questionnaires.files.uploaded', { name: state.name }) : t('questionnaires.files.attached')}</Text>
            {chooser('replace')}
            <Button variant="subtle" color="negative" size="sm" onClick={remove}>{t('questionnaires.files.remove')}</Button>
          </Group>
        )}
        {state.status === 'failed' && (
          <Alert color="negative" variant="light" role="alert" title={t(images ? 'questionnaires.files.failedImage' : 'questionnaires.files.failedFile')}>
            <Stack gap="xs">
              <Text size="sm">{t(`questionnaires.files.failure.${state.failure}`, { name: state.file.name })}</Text>
              <Group gap="xs">
                <Button size="xs" onClick={() => dispatch({ type: 'retry' })}>{t('questionnaires.files.retry')}</Button>
                {chooser('chooseOther')}
              </Group>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
