import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormSummary } from '../../../../schemas/form-api.ts';
import { apiFetch } from '../../../lib/api/client.ts';

/** GET /establishments/{id}/forms: the establishment's questionnaires. */
export const getForms = (establishmentId: string) => apiFetch<{ data: FormSummary[] }>(`/establishments/${establishmentId}/forms`);

export const formsQueryOptions = (establishmentId: string | undefined) =>
  queryOptions({
    queryKey: ['establishments', establishmentId, 'forms'],
    queryFn: () => getForms(establishmentId!),
    enabled: Boolean(establishmentId),
  });

export const useForms = (establishmentId: string | undefined) => useQuery(formsQueryOptions(establishmentId));
