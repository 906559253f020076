/**
 * The Caregivers tab of the patient file (issue 10 §4 "Caregivers"): who follows the file as a
 * caregiver; add one — an existing patient-side account by its e-mail, or a new account with a
 * small form, whose one-time credentials are then shown once in a dialog that says so and lets
 * them be copied — and remove one (confirmed). The server checks every rule and answers on the
 * field, in the interface's language; its messages are shown on that field. A closed file is
 * shown read-only.
 */
import { Alert, Button, CopyButton, Group, Modal, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddCaregiverBody, AddedCaregiver, Caregiver } from '../../../schemas/caregivers.ts';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { useDates } from '../../lib/dates/use-dates.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAddCaregiver, useCaregivers, useRemoveCaregiver } from './api/caregivers.ts';
import { PATIENT_FILE_CAREGIVERS } from './texts.ts';

const K = 'patientFileCaregivers';
const NEW_FIELDS = ['firstName', 'lastName', 'email', 'mobilePhone'] as const;

export function CaregiversTab({ file }: { file: PatientFileSummary }) {
  const { t } = useTranslation(PATIENT_FILE_CAREGIVERS);
  const dates = useDates();
  usePageTitle(t(`${K}.tab`));
  const readOnly = file.status !== 'OPEN';
  const list = useCaregivers(file.id);
  const add = useAddCaregiver(file.id);
  const remove = useRemoveCaregiver(file.id);
  const [done, setDone] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Caregiver | null>(null);
  const [credentials, setCredentials] = useState<AddedCaregiver['credentials'] | null>(null);

  const onAdd = (body: AddCaregiverBody, reset: () => void) => {
    setDone(null);
    add.mutate(body, {
      onSuccess: (answer) => {
        reset();
        setDone(t(`${K}.done.add`, { name: `${answer.caregiver.firstName} ${answer.caregiver.lastName}` }));
        if (answer.credentials) setCredentials(answer.credentials);
      },
    });
  };
  const errors = messagesByField(add.error);
  const failure = (add.isError && Object.keys(errors).length === 0 ? add.error.message : null) ?? (remove.isError ? remove.error.message : null);

  return (
    <Stack gap="md" component="section" aria-labelledby="file-caregivers-title" data-testid="file-caregivers">
      <Title order={2} size="h3" id="file-caregivers-title">{t(`${K}.tab`)}</Title>
      {readOnly && <Alert color="gray" variant="light">{t(`${K}.readOnly`)}</Alert>}
      {done && <Alert color="positive" variant="light" role="status">{done}</Alert>}
      {failure && <Alert color="negative" variant="light" role="alert">{t(`${K}.failed`, { message: failure })}</Alert>}
      <QueryState query={list} loadingLabel={t(`${K}.loading`)} empty={t(`${K}.empty`)}>
        {(rows) => (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={t(`${K}.tableLabel`)}>
              <Table.Thead>
                <Table.Tr>
                  {(['name', 'email', 'phone', 'addedAt'] as const).map((c) => <Table.Th key={c}>{t(`${K}.columns.${c}`)}</Table.Th>)}
                  {!readOnly && <Table.Th>{t(`${K}.columns.actions`)}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c.userId} data-caregiver={c.userId}>
                    <Table.Td>{c.firstName} {c.lastName}</Table.Td>
                    <Table.Td><bdi>{c.email}</bdi></Table.Td>
                    <Table.Td>{c.phone ? <bdi dir="ltr">{c.phone}</bdi> : t(`${K}.none`)}</Table.Td>
                    <Table.Td>{dates.dateTime(c.addedAt, 'short')}</Table.Td>
                    {!readOnly && (
                      <Table.Td>
                        <Button size="compact-xs" variant="default" color="warning" onClick={() => { setDone(null); setRemoving(c); }}>
                          {t(`${K}.remove.open`, { name: `${c.firstName} ${c.lastName}` })}
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      {!readOnly && <AddCaregiver pending={add.isPending} errors={errors} onAdd={onAdd} onModeChange={() => add.reset()} />}
      {removing && (
        <Modal opened onClose={() => setRemoving(null)} title={t(`${K}.remove.title`, { name: `${removing.firstName} ${removing.lastName}` })} closeButtonProps={{ 'aria-label': t(`${K}.remove.cancel`) }}>
          <Text size="sm">{t(`${K}.remove.text`)}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setRemoving(null)}>{t(`${K}.remove.cancel`)}</Button>
            <Button color="warning" onClick={() => {
              const name = `${removing.firstName} ${removing.lastName}`;
              remove.mutate(removing.userId, { onSuccess: () => setDone(t(`${K}.done.remove`, { name })) });
              setRemoving(null);
            }}>{t(`${K}.remove.confirm`)}</Button>
          </Group>
        </Modal>
      )}
      {credentials && <CredentialsDialog credentials={credentials} onClose={() => setCredentials(null)} />}
    </Stack>
  );
}

function AddCaregiver({ pending, errors, onAdd, onModeChange }: {
  pending: boolean; errors: Record<string, string>; onAdd(body: AddCaregiverBody, reset: () => void): void; onModeChange(): void;
}) {
  const { t } = useTranslation(PATIENT_FILE_CAREGIVERS);
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [email, setEmail] = useState('');
  const [account, setAccount] = useState<Record<(typeof NEW_FIELDS)[number], string>>({ firstName: '', lastName: '', email: '', mobilePhone: '' });
  return (
    <Stack gap="xs" component="section" aria-labelledby="add-caregiver-title">
      <Title order={3} size="h4" id="add-caregiver-title">{t(`${K}.add.title`)}</Title>
      <SegmentedControl
        value={mode} onChange={(v) => { setMode(v as 'existing' | 'new'); onModeChange(); }}
        data={[{ value: 'existing', label: t(`${K}.add.existing`) }, { value: 'new', label: t(`${K}.add.new`) }]}
        w="fit-content"
      />
      {mode === 'existing' ? (
        <form noValidate onSubmit={(e) => { e.preventDefault(); onAdd({ email }, () => setEmail('')); }}>
          <Group align="flex-start" gap="xs">
            <TextInput
              label={t(`${K}.add.email`)} description={t(`${K}.add.emailHelp`)} type="email" dir="ltr" value={email} w={360}
              onChange={(e) => setEmail(e.currentTarget.value)} error={errors['body.email']}
            />
            <Button type="submit" loading={pending} mt={46}>{t(`${K}.add.submitExisting`)}</Button>
          </Group>
        </form>
      ) : (
        <form noValidate onSubmit={(e) => {
          e.preventDefault();
          const body = { ...account, mobilePhone: account.mobilePhone.trim() === '' ? undefined : account.mobilePhone };
          onAdd({ newAccount: body }, () => setAccount({ firstName: '', lastName: '', email: '', mobilePhone: '' }));
        }}>
          <Stack gap="xs" maw={420}>
            {NEW_FIELDS.map((field) => (
              <TextInput
                key={field} label={t(`${K}.newAccount.${field}`)} value={account[field]} required={field !== 'mobilePhone'}
                type={field === 'email' ? 'email' : field === 'mobilePhone' ? 'tel' : 'text'}
                dir={field === 'email' || field === 'mobilePhone' ? 'ltr' : undefined}
                description={field === 'email' ? t(`${K}.newAccount.emailHelp`) : undefined}
                onChange={(e) => { const value = e.currentTarget.value; setAccount((a) => ({ ...a, [field]: value })); }}
                error={errors[`body.newAccount.${field}`]}
              />
            ))}
            <Group justify="flex-end"><Button type="submit" loading={pending}>{t(`${K}.add.submitNew`)}</Button></Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** The new account's login and temporary password: shown here once, never again. */
function CredentialsDialog({ credentials, onClose }: { credentials: NonNullable<AddedCaregiver['credentials']>; onClose(): void }) {
  const { t } = useTranslation(PATIENT_FILE_CAREGIVERS);
  const rows = [['login', credentials.login], ['password', credentials.temporaryPassword]] as const;
  return (
    <Modal opened onClose={onClose} size="lg" title={t(`${K}.credentials.title`)} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t(`${K}.credentials.close`) }}>
      <Stack gap="sm">
        <Alert color="warning" variant="light" role="alert">{t(`${K}.credentials.once`)}</Alert>
        {rows.map(([key, value]) => (
          <Group key={key} justify="space-between" wrap="nowrap">
            <div>
              <Text size="xs" c="dimmed">{t(`${K}.credentials.${key}`)}</Text>
              <Text ff="monospace" fw={600} dir="ltr" data-credential={key} style={{ overflowWrap: 'anywhere' }}>{value}</Text>
            </div>
            <CopyButton value={value}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="default" onClick={copy} aria-label={t(`${K}.credentials.copy`, { what: t(`${K}.credentials.${key}`) })}>
                  {copied ? t(`${K}.credentials.copied`) : t(`${K}.credentials.copyShort`)}
                </Button>
              )}
            </CopyButton>
          </Group>
        ))}
        <Text size="sm">{t(`${K}.credentials.firstLogin`)}</Text>
        <Group justify="flex-end"><Button onClick={onClose}>{t(`${K}.credentials.done`)}</Button></Group>
      </Stack>
    </Modal>
  );
}
