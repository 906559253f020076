import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FromSchema } from 'json-schema-to-ts';
import type { FormDefinition } from '../../../../schemas/form.ts';
import type { formVersionSchema } from '../../../../schemas/form-api.ts';
import { apiFetch } from '../../../lib/api/client.ts';

export type FormVersion = Omit<FromSchema<typeof formVersionSchema>, 'definition'> & { definition: FormDefinition };

/** GET /patient_files/{id}/forms/{formId}: the current version of an assigned questionnaire, to answer it. */
export const formQueryOptions = (patientFileId: string, formId: string | undefined) =>
  queryOptions({
    queryKey: ['patient_files', patientFileId, 'forms', formId] as const,
    queryFn: ({ signal }) => apiFetch<FormVersion>(`/patient_files/${patientFileId}/forms/${formId}`, { signal }),
    enabled: Boolean(formId),
    // A new version while the patient answers would change the form under their fingers.
    staleTime: Infinity,
  });

export const useFormVersion = (patientFileId: string, formId: string | undefined) => useQuery(formQueryOptions(patientFileId, formId));
