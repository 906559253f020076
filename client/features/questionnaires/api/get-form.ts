import { queryOptions, useQuery } from '@tanstack/react-query';
import { formRoutes } from '../../../../schemas/api/forms.ts';
import { call } from '../../../lib/api/client.ts';
import { patientFileKeys } from '../../../lib/api/query-keys.ts';
import { withFormDefinition } from './form-definition.ts';

/** GET /patient_files/{id}/forms/{formId}: the current version of an assigned questionnaire, to answer it. */
export const getFormVersion = async (patientFileId: string, formId: string, signal?: AbortSignal) =>
  withFormDefinition(await call(formRoutes.definition, { params: { id: patientFileId, formId }, signal }));

export type FormVersion = Awaited<ReturnType<typeof getFormVersion>>;

export const formQueryOptions = (patientFileId: string, formId: string | undefined) =>
  queryOptions({
    queryKey: patientFileKeys.form(patientFileId, formId),
    queryFn: ({ signal }) => getFormVersion(patientFileId, formId!, signal),
    enabled: Boolean(formId),
    // A new version while the patient answers would change the form under their fingers.
    staleTime: Infinity,
  });

export const useFormVersion = (patientFileId: string, formId: string | undefined) => useQuery(formQueryOptions(patientFileId, formId));
