/**
 * `/s/:structureIndex/medical-protocols/:medicalProtocolId` (issue 11 §8): a protocol seen and
 * changed in its form, archived and restored; `new` as the id creates one. An archived protocol
 * is shown read-only until restored (the server refuses its changes: 409 protocol_archived).
 */
import { Alert, Anchor, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { textIn } from '../../../schemas/localized-text.ts';
import type { ProtocolBody } from '../../../schemas/protocols.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { QueryError } from '../../lib/ui/query-error.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useChangeProtocol, useProtocol, useProtocolOptions } from './api/protocols.ts';
import { ProtocolEditor, type ProtocolOptions } from './protocol-editor.tsx';
import { PROTOCOLS } from './texts.ts';

export function ProtocolPage() {
  const { medicalProtocolId = '' } = useParams();
  const isNew = medicalProtocolId === 'new';
  const { structure, index: structureIndex } = useStructureArea();
  const { t, i18n } = useTranslation(PROTOCOLS);
  const navigate = useNavigate();
  const protocol = useProtocol(isNew ? undefined : medicalProtocolId);
  const choices = useProtocolOptions(structure.id);
  const change = useChangeProtocol();
  const [confirming, setConfirming] = useState(false);
  const name = protocol.data ? textIn(protocol.data.name, i18n.language) ?? '' : t('protocols.page.newTitle');
  usePageTitle(name);
  const listHref = paths.professional.medicalProtocols.getHref({ structureIndex });

  if ((!isNew && protocol.isError) || choices.error) {
    return <QueryError error={protocol.error ?? choices.error} onRetry={() => { void protocol.refetch(); void choices.refetch(); }} homeHref={listHref} />;
  }
  if ((!isNew && !protocol.data) || !choices.data) return <Group justify="center" p="xl"><Loader aria-label={t('protocols.page.loading')} /></Group>;

  const language = i18n.language;
  const options: ProtocolOptions = {
    services: structure.services,
    forms: choices.data.forms.map((f) => ({ id: f.id, name: f.name, submissionType: f.submissionType })),
    indicators: choices.data.indicators.map((i) => ({ id: i.id, name: textIn(i.name, language) ?? i.reference })),
    levels: choices.data.levels.map((l) => ({ id: l.id, name: textIn(l.name, language) ?? '' })),
  };
  const archived = protocol.data?.archivedAt != null;
  const save = (body: ProtocolBody) => change.mutate(
    isNew ? { action: 'create', establishmentId: structure.id, body } : { action: 'update', protocolId: medicalProtocolId, body },
    {
      onSuccess: (saved) => {
        void notify({ message: t(isNew ? 'protocols.page.created' : 'protocols.page.saved'), color: 'positive' });
        if (isNew && saved && 'id' in saved) void navigate(paths.professional.medicalProtocol.getHref({ structureIndex, medicalProtocolId: saved.id }), { replace: true });
      },
    },
  );
  const setArchived = (action: 'archive' | 'restore') => change.mutate({ action, protocolId: medicalProtocolId }, { onSettled: () => setConfirming(false) });
  const fieldErrors = messagesByField(change.error);
  const unplaced = change.isError && Object.keys(fieldErrors).length === 0;

  return (
    <Stack gap="md" maw={1100}>
      <Anchor component={Link} to={listHref} size="sm">{t('protocols.page.back')}</Anchor>
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">{name}</Title>
        {!isNew && (archived
          ? <Button variant="light" onClick={() => setArchived('restore')} loading={change.isPending}>{t('protocols.page.restore')}</Button>
          : <Button variant="default" color="negative" onClick={() => setConfirming(true)}>{t('protocols.page.archive')}</Button>)}
      </Group>
      {archived && <Alert color="gray" variant="light">{t('protocols.page.archived')}</Alert>}
      {unplaced && <Alert color="negative" variant="light" role="alert">{t('protocols.page.failed', { message: change.error?.message })}</Alert>}
      <ProtocolEditor key={`${protocol.data?.id ?? 'new'}-${archived}`} initial={protocol.data} options={options} serverErrors={fieldErrors}
        saving={change.isPending} readOnly={archived} onSubmit={save} />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('protocols.page.archive')} closeButtonProps={{ 'aria-label': t('protocols.page.cancel') }}>
        <Stack gap="md">
          <Text size="sm">{t('protocols.page.confirmArchive')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>{t('protocols.page.cancel')}</Button>
            <Button color="negative" onClick={() => setArchived('archive')} loading={change.isPending}>{t('protocols.page.archive')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

export const Component = ProtocolPage;
