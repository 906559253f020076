/**
 * `/s/:structureIndex/patient/:id` (spec 000 §2 "patient creation and edit form"): `new` creates a
 * patient and opens their file, then shows the first-login credentials once and goes to the file;
 * a person's id edits their profile. The server's refusals are shown on their fields.
 */
import { Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { BodyOf } from '../../../schemas/api/contract.ts';
import type { patientRoutes } from '../../../schemas/api/patients.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { useStructureArea } from '../../lib/areas.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { QueryState } from '../../lib/ui/query-state.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useCreatePatient, useProfile, useSaveProfile } from './api/patients.ts';
import { CredentialsDialog, type Credentials } from './credentials-dialog.tsx';
import { PatientProfileForm, type FieldMessages } from './patient-profile-form.tsx';
import { PATIENT_PROFILE } from './texts.ts';

/** The server's refusal as messages by field (`body.email` → `email`), or one for the whole form. */
export function messagesOf(error: unknown): { fields: FieldMessages; form?: string } {
  if (!isApiError(error)) return { fields: {}, form: error instanceof Error ? error.message : String(error) };
  const fields: FieldMessages = {};
  for (const e of error.errors ?? []) fields[e.field.replace(/^body\./, '')] ??= e.message;
  if (error.field && Object.keys(fields).length === 0) fields[error.field.replace(/^body\./, '')] = error.message;
  return Object.keys(fields).length ? { fields } : { fields, form: error.message };
}

function CreatePatient() {
  const { t } = useTranslation(PATIENT_PROFILE);
  const { structure, index: structureIndex } = useStructureArea();
  const navigate = useNavigate();
  const create = useCreatePatient();
  const [created, setCreated] = useState<{ fileId: string; credentials: Credentials }>();
  const [messages, setMessages] = useState<{ fields: FieldMessages; form?: string }>({ fields: {} });
  usePageTitle(t('patientProfile.titleNew'));
  return (
    <Stack>
      <Title order={1} size="h2">{t('patientProfile.titleNew')}</Title>
      <PatientProfileForm mode="create" services={structure.services} errors={messages.fields} formError={messages.form} submitting={create.isPending}
        onCancel={() => void navigate(paths.professional.patientFiles.getHref({ structureIndex }))}
        onSubmit={(body) => create.mutate(body as BodyOf<typeof patientRoutes.create>, {
          onSuccess: (answer) => { setMessages({ fields: {} }); setCreated({ fileId: answer.patientFile.id, credentials: answer.credentials }); },
          onError: (error) => setMessages(messagesOf(error)),
        })} />
      <CredentialsDialog credentials={created?.credentials}
        onDone={() => void navigate(paths.professional.patientFile.getHref({ structureIndex, patientFileId: created!.fileId }), { replace: true })} />
    </Stack>
  );
}

function EditProfile({ personId }: { personId: string }) {
  const { t } = useTranslation(PATIENT_PROFILE);
  const profile = useProfile(personId);
  const save = useSaveProfile(personId);
  const [messages, setMessages] = useState<{ fields: FieldMessages; form?: string }>({ fields: {} });
  const { index: structureIndex } = useStructureArea();
  usePageTitle(t('patientProfile.titleEdit'));
  // A person outside one's files (or an id that is none) is "not found" with a way back, not the crash screen.
  if (!profile.data) return <QueryState query={profile} loadingLabel={t('patientProfile.titleEdit')} homeHref={paths.professional.home.getHref({ structureIndex })} />;
  return (
    <Stack>
      <Title order={1} size="h2">{t('patientProfile.titleEdit')} — {profile.data.firstName} {profile.data.lastName}</Title>
      <PatientProfileForm key={profile.dataUpdatedAt} mode="edit" profile={profile.data} errors={messages.fields} formError={messages.form}
        submitting={save.isPending}
        onSubmit={(body) => save.mutate(body as BodyOf<typeof patientRoutes.updateProfile>, {
          onSuccess: () => { setMessages({ fields: {} }); void notify({ message: t('patientProfile.saved'), color: 'green' }); },
          onError: (error) => setMessages(messagesOf(error)),
        })} />
    </Stack>
  );
}

export function PatientProfilePage() {
  const { id } = useParams();
  return id === 'new' || !id ? <CreatePatient /> : <EditProfile personId={id} />;
}

export const Component = PatientProfilePage;
