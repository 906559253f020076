/**
 * The Identity tab of the patient file (issue 10 §2): the patient's identity status and attributes, the
 * traits, "Search" and "Verify" against the national identity service with the outcome shown, the
 * identity documents (list, upload typed by the establishment's types), and "Change identity", which
 * needs a proof of identity chosen among the documents (the professional confirms it by submitting).
 * The server checks every rule and answers on the field in the interface's language.
 */
import { Alert, Anchor, Button, Checkbox, FileInput, Group, Modal, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IdentityChangeBody, IdentitySearchResult, IdentityVerifyResult, PersonIdentity } from '../../../schemas/person-identity.ts';
import { IDENTITY_TRAITS, type IdentityTrait } from '../../../schemas/identity.ts';
import type { PatientFileSummary } from '../../../schemas/me.ts';
import { messagesByField } from '../../lib/api/field-errors.ts';
import { CalendarDateInput, calendarDateOf, typedCalendarDate } from '../../lib/dates/calendar-date-input.tsx';
import { useDates } from '../../lib/dates/use-dates.ts';
import { paths } from '../../lib/paths.ts';
import { IdentityBadge } from '../../lib/ui/identity-badge.tsx';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import {
  useAddIdentityDocument, useChangeIdentity, useDocumentTypes, useFileIdentity, useIdentityDocuments, useSearchIdentity, useTakeIdentity, useVerifyIdentity,
} from './api/identity.ts';
import { IDENTITY } from './texts.ts';

const K = 'identity';
const ACCEPTED = 'image/png,image/jpeg,application/pdf';

export function IdentityTab({ file, structureIndex }: { file: PatientFileSummary; structureIndex: number }) {
  const { t } = useTranslation(IDENTITY);
  usePageTitle(t(`${K}.tab`));
  const query = useFileIdentity(file.id);
  if (!query.isSuccess) return <QueryState query={query} loadingLabel={t(`${K}.loading`)} />;
  return <IdentityPanel file={file} structureIndex={structureIndex} person={query.data} />;
}

function IdentityPanel({ file, structureIndex, person }: { file: PatientFileSummary; structureIndex: number; person: PersonIdentity }) {
  const { t } = useTranslation(IDENTITY);
  const dates = useDates();
  const readOnly = file.status !== 'OPEN';
  const search = useSearchIdentity(file.id);
  const verify = useVerifyIdentity(file.id);
  const take = useTakeIdentity(file.id);
  const documents = useIdentityDocuments(person.personId);
  const [changing, setChanging] = useState(false);
  const traitValue = (trait: IdentityTrait) => {
    const value = person.traits[trait];
    if (!value) return t(`${K}.none`);
    if (trait === 'birthDate') return dates.calendarDate(value);
    if (trait === 'sex') return t(`${K}.sex.${value}`, { defaultValue: value });
    return value;
  };
  const serviceErrors = { ...messagesByField(search.error), ...messagesByField(verify.error), ...messagesByField(take.error) };
  const failed = search.error ?? verify.error ?? take.error;

  return (
    <Stack gap="md" component="section" aria-labelledby="identity-title" data-testid="file-identity">
      <Title order={2} size="h3" id="identity-title">{t(`${K}.tab`)}</Title>
      {readOnly && <Alert color="gray" variant="light">{t(`${K}.readOnly`)}</Alert>}
      <Group gap="sm">
        <IdentityBadge identity={person.identity} />
        {person.identity.verifiedAt && <Text size="sm" c="dimmed">{t(`${K}.verifiedAt`, { date: dates.calendarDate(person.identity.verifiedAt.slice(0, 10)) })}</Text>}
      </Group>

      <Paper withBorder p="sm">
        <Title order={3} size="h4" mb="xs">{t(`${K}.traits.title`)}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
          {IDENTITY_TRAITS.map((trait) => (
            <Group key={trait} gap="xs" wrap="nowrap" align="baseline">
              <Text component="dt" fw={600} size="sm">{t(`${K}.traits.${trait}`)}</Text>
              <Text component="dd" m={0} size="sm" data-trait={trait}>{traitValue(trait)}</Text>
              {serviceErrors[`traits.${trait}`] && <Text component="span" size="xs" c="negative" role="alert">{serviceErrors[`traits.${trait}`]}</Text>}
            </Group>
          ))}
        </SimpleGrid>
      </Paper>

      {!readOnly && (
        <Group>
          <Button onClick={() => { verify.reset(); take.reset(); search.mutate(person.personId); }} loading={search.isPending}>{t(`${K}.search.button`)}</Button>
          <Button variant="light" onClick={() => { search.reset(); take.reset(); verify.mutate(person.personId); }} loading={verify.isPending}>{t(`${K}.verify.button`)}</Button>
          <Button variant="default" onClick={() => setChanging(true)}>{t(`${K}.change.button`)}</Button>
        </Group>
      )}
      {search.data && !take.data && (
        <SearchOutcome result={search.data} taking={take.isPending} onTake={readOnly ? undefined : () => take.mutate(person.personId)} />
      )}
      {take.data && (take.data.outcome === 'found'
        ? <TakenOutcome person={take.data.person} />
        : <SearchOutcome result={{ outcome: take.data.outcome, candidates: [] }} />)}
      {verify.data && <VerifyOutcome result={verify.data} />}
      {failed && Object.keys(serviceErrors).length > 0 && (
        <Alert color="negative" variant="light" role="alert">{t(`${K}.missingTraits`)}</Alert>
      )}
      {failed && Object.keys(serviceErrors).length === 0 && (
        <Alert color="negative" variant="light" role="alert">{failed.message}</Alert>
      )}

      <Stack gap="xs" component="section" aria-labelledby="identity-documents-title">
        <Title order={3} size="h4" id="identity-documents-title">{t(`${K}.documents.title`)}</Title>
        <QueryState query={documents} loadingLabel={t(`${K}.loading`)} empty={t(`${K}.documents.empty`)}>
          {(rows) => (
            <Table.ScrollContainer minWidth={520}>
              <Table striped aria-label={t(`${K}.documents.title`)}>
                <Table.Thead>
                  <Table.Tr>
                    {(['type', 'file', 'uploadedBy', 'createdAt', 'confirmed'] as const).map((c) => <Table.Th key={c}>{t(`${K}.documents.columns.${c}`)}</Table.Th>)}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((d) => (
                    <Table.Tr key={d.id} data-document={d.id}>
                      <Table.Td>{d.type.label}</Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={paths.professional.identityDocument.getHref({ structureIndex, patientId: person.personId, documentId: d.id })}
                          aria-label={t(`${K}.documents.open`, { type: d.type.label, name: d.file.name })}>
                          {d.file.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{d.uploadedBy}</Table.Td>
                      <Table.Td>{dates.calendarDate(d.createdAt.slice(0, 10))}</Table.Td>
                      <Table.Td>{d.confirmedBy ? t(`${K}.documents.confirmedBy`, { name: d.confirmedBy }) : t(`${K}.documents.notConfirmed`)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
        {!readOnly && <AddDocument file={file} personId={person.personId} />}
      </Stack>

      {changing && (
        <ChangeIdentity file={file} person={person} proofs={(documents.data ?? []).map((d) => ({ value: d.id, label: `${d.type.label} · ${d.file.name}` }))}
          onClose={() => setChanging(false)} />
      )}
    </Stack>
  );
}

/** The search's outcome; the identity found with its INS number, OID and date as the interface writes dates, and the action that takes it. */
function SearchOutcome({ result, taking = false, onTake }: { result: IdentitySearchResult; taking?: boolean; onTake?(): void }) {
  const { t } = useTranslation(IDENTITY);
  const dates = useDates();
  const color = result.outcome === 'found' ? 'positive' : result.outcome === 'not_found' || result.outcome === 'several_matches' ? 'warning' : 'negative';
  return (
    <Alert color={color} variant="light" role="status" title={t(`${K}.search.outcome.${result.outcome}`, { count: result.count ?? 0 })} data-outcome={result.outcome}>
      {result.candidates.map((c) => (
        <Stack key={c.insNumber} gap="xs" align="flex-start">
          <Text size="sm" data-testid="identity-candidate">
            {t(`${K}.search.candidate`, {
              birthName: c.birthName, firstNames: c.firstNames, birthDate: dates.calendarDate(c.birthDate), insNumber: c.insNumber, oid: c.oid, place: c.birthPlaceInseeCode,
            })}
          </Text>
          {onTake && <Button size="xs" onClick={onTake} loading={taking}>{t(`${K}.search.take`)}</Button>}
        </Stack>
      ))}
    </Alert>
  );
}

function TakenOutcome({ person }: { person: PersonIdentity }) {
  const { t } = useTranslation(IDENTITY);
  return (
    <Alert color="positive" variant="light" role="status" data-outcome="taken"
      title={t(`${K}.search.taken`, { insNumber: person.traits.insNumber, oid: person.traits.oid, status: t(`${K}.status.${person.identity.status}`) })} />
  );
}

function VerifyOutcome({ result }: { result: IdentityVerifyResult }) {
  const { t } = useTranslation(IDENTITY);
  return (
    <Alert color={result.outcome === 'verified' ? 'positive' : 'negative'} variant="light" role="status" data-outcome={result.outcome}
      title={t(`${K}.verify.outcome.${result.outcome}`, { status: t(`${K}.status.${result.identity.status}`) })} />
  );
}

function AddDocument({ file, personId }: { file: PatientFileSummary; personId: string }) {
  const { t } = useTranslation(IDENTITY);
  const types = useDocumentTypes(file.service.establishment.id);
  const add = useAddIdentityDocument(file.id);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [upload, setUpload] = useState<File | null>(null);
  const [missing, setMissing] = useState<{ type?: boolean; file?: boolean }>({});
  const errors = messagesByField(add.error);
  return (
    <form noValidate aria-labelledby="identity-add-document" onSubmit={(e) => {
      e.preventDefault();
      if (!typeId || !upload) { setMissing({ type: !typeId, file: !upload }); return; }
      add.mutate({ personId, typeId, file: upload }, { onSuccess: () => { setTypeId(null); setUpload(null); } });
    }}>
      <Stack gap="xs" maw={480}>
        <Title order={4} size="h5" id="identity-add-document">{t(`${K}.documents.add.title`)}</Title>
        <Select label={t(`${K}.documents.add.type`)} data={(types.data ?? []).map((ty) => ({ value: ty.id, label: ty.label }))} value={typeId} required
          onChange={(v) => { setTypeId(v); setMissing((m) => ({ ...m, type: false })); }} nothingFoundMessage={t(`${K}.documents.add.noType`)}
          error={missing.type ? t(`${K}.required`) : errors['params.typeId']} />
        <FileInput label={t(`${K}.documents.add.file`)} description={t(`${K}.documents.add.fileHelp`)} accept={ACCEPTED} value={upload} required clearable
          onChange={(f) => { setUpload(f); setMissing((m) => ({ ...m, file: false })); }}
          error={missing.file ? t(`${K}.required`) : errors['params.fileId'] ?? errors['body.file']} />
        {add.isError && Object.keys(errors).length === 0 && <Alert color="negative" variant="light" role="alert">{add.error.message}</Alert>}
        {add.isSuccess && <Alert color="positive" variant="light" role="status">{t(`${K}.documents.add.done`)}</Alert>}
        <Group><Button type="submit" loading={add.isPending}>{t(`${K}.documents.add.submit`)}</Button></Group>
      </Stack>
    </form>
  );
}

const TEXT_TRAITS = ['birthName', 'firstNames', 'firstBirthName', 'birthPlaceInsee', 'insNumber', 'oid'] as const;

function ChangeIdentity({ file, person, proofs, onClose }: {
  file: PatientFileSummary; person: PersonIdentity; proofs: { value: string; label: string }[]; onClose(): void;
}) {
  const { t } = useTranslation(IDENTITY);
  const change = useChangeIdentity(file.id);
  const { language } = useDates();
  // The birth date as the field shows it (typed in the interface's order), every other trait as stored.
  const shown = (trait: IdentityTrait) => (trait === 'birthDate' ? typedCalendarDate(person.traits.birthDate, language) : person.traits[trait] ?? '');
  const [values, setValues] = useState<Record<IdentityTrait, string>>(
    () => Object.fromEntries(IDENTITY_TRAITS.map((trait) => [trait, shown(trait)])) as Record<IdentityTrait, string>,
  );
  const [attributes, setAttributes] = useState({ doubtful: person.identity.doubtful, fictitious: person.identity.fictitious, namesake: person.identity.namesake });
  const [proof, setProof] = useState<string | null>(null);
  const errors = messagesByField(change.error);
  const set = (trait: IdentityTrait, value: string) => setValues((v) => ({ ...v, [trait]: value }));
  return (
    <Modal opened onClose={onClose} title={t(`${K}.change.title`)} size="lg" closeButtonProps={{ 'aria-label': t(`${K}.change.cancel`) }}>
      <form noValidate onSubmit={(e) => {
        e.preventDefault();
        // Only what changed is sent, as typed: the server says on the field what does not fit.
        const body: IdentityChangeBody = { ...(proof ? { proofDocumentId: proof } : {}) };
        for (const trait of IDENTITY_TRAITS) {
          if (values[trait] === shown(trait)) continue;
          body[trait] = values[trait] === '' ? null : trait === 'birthDate' ? calendarDateOf(values[trait], language) : values[trait];
        }
        for (const a of ['doubtful', 'fictitious', 'namesake'] as const) if (attributes[a] !== person.identity[a]) body[a] = attributes[a];
        change.mutate({ personId: person.personId, body }, { onSuccess: onClose });
      }}>
        <Stack gap="xs">
          <Text size="sm">{t(`${K}.change.help`)}</Text>
          <Select label={t(`${K}.change.proof`)} description={t(`${K}.change.proofHelp`)} data={proofs} value={proof} onChange={setProof} required
            nothingFoundMessage={t(`${K}.documents.empty`)} error={errors['body.proofDocumentId']} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {TEXT_TRAITS.map((trait) => (
              <TextInput key={trait} label={t(`${K}.traits.${trait}`)} value={values[trait]} onChange={(e) => set(trait, e.currentTarget.value)} error={errors[`body.${trait}`]} />
            ))}
            <CalendarDateInput label={t(`${K}.traits.birthDate`)} value={values.birthDate} onChange={(typed) => set('birthDate', typed)} error={errors['body.birthDate']} />
            <Select label={t(`${K}.traits.sex`)} value={values.sex || null} onChange={(v) => set('sex', v ?? '')} error={errors['body.sex']}
              data={(['male', 'female', 'unknown'] as const).map((s) => ({ value: s, label: t(`${K}.sex.${s}`) }))} />
          </SimpleGrid>
          <Group>
            {(['doubtful', 'fictitious', 'namesake'] as const).map((a) => (
              <Checkbox key={a} label={t(`${K}.attributes.${a}`)} checked={attributes[a]} onChange={(e) => { const checked = e.currentTarget.checked; setAttributes((v) => ({ ...v, [a]: checked })); }} />
            ))}
          </Group>
          {change.isError && Object.keys(errors).length === 0 && <Alert color="negative" variant="light" role="alert">{change.error.message}</Alert>}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>{t(`${K}.change.cancel`)}</Button>
            <Button type="submit" loading={change.isPending}>{t(`${K}.change.submit`)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
