import { queryOptions, useQuery } from '@tanstack/react-query';
import { formRoutes } from '../../../../schemas/api/forms.ts';
import { call } from '../../../lib/api/client.ts';
import { formKeys } from '../../../lib/api/query-keys.ts';
import { withFormDefinition } from './form-definition.ts';

/** GET /form_responses/{id}: a response with the definition of the version it was answered in. */
export async function getFormResponse(responseId: string, signal?: AbortSignal) {
  const { definition, ...response } = await call(formRoutes.response, { params: { id: responseId }, signal });
  // One response always comes with its version's definition; only lists leave it out.
  if (!definition) throw new Error(`form_responses/${responseId}: no definition`);
  return withFormDefinition({ ...response, definition });
}

export type FormResponseWithDefinition = Awaited<ReturnType<typeof getFormResponse>>;

export const responseQueryOptions = (responseId: string) =>
  queryOptions({
    queryKey: formKeys.response(responseId),
    queryFn: ({ signal }) => getFormResponse(responseId, signal),
    staleTime: Infinity,
  });

export const useFormResponse = (responseId: string) => useQuery(responseQueryOptions(responseId));
