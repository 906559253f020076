import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormVersionList } from '../../../../schemas/form-api.ts';
import type { FormDefinition } from '../../../../schemas/form.ts';
import { apiFetch } from '../../../lib/api/client.ts';

export type FormVersions = Omit<FormVersionList, 'data'> & { data: (Omit<FormVersionList['data'][number], 'definition'> & { definition: FormDefinition })[] };

/** GET /forms/{id}/versions: every version, newest first (managers and super admins). */
export const formVersionsQueryOptions = (formId: string) =>
  queryOptions({
    queryKey: ['forms', formId, 'versions'] as const,
    queryFn: ({ signal }) => apiFetch<FormVersions>(`/forms/${formId}/versions`, { signal }),
  });

export const useFormVersions = (formId: string) => useQuery(formVersionsQueryOptions(formId));
