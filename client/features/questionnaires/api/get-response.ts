import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormResponse } from '../../../../schemas/form-api.ts';
import type { FormDefinition } from '../../../../schemas/form.ts';
import { apiFetch } from '../../../lib/api/client.ts';

/** A response with the definition of the version it was answered in. */
export type FormResponseWithDefinition = Omit<FormResponse, 'definition'> & { definition: FormDefinition };

/** GET /form_responses/{id}. */
export const responseQueryOptions = (responseId: string) =>
  queryOptions({
    queryKey: ['form_responses', responseId] as const,
    queryFn: ({ signal }) => apiFetch<FormResponseWithDefinition>(`/form_responses/${responseId}`, { signal }),
    staleTime: Infinity,
  });

export const useFormResponse = (responseId: string) => useQuery(responseQueryOptions(responseId));
