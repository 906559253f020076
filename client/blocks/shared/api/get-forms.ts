import { queryOptions, useQuery } from '@tanstack/react-query';
import { formRoutes } from '../../../../schemas/api/forms.ts';
import { call } from '../../../lib/api/client.ts';
import { establishmentKeys } from '../../../lib/api/query-keys.ts';

/** GET /establishments/{id}/forms: the establishment's questionnaires. */
export const getForms = (establishmentId: string) => call(formRoutes.ofEstablishment, { params: { id: establishmentId } });

export const formsQueryOptions = (establishmentId: string | undefined) =>
  queryOptions({
    queryKey: establishmentKeys.forms(establishmentId),
    queryFn: () => getForms(establishmentId!),
    enabled: Boolean(establishmentId),
  });

export const useForms = (establishmentId: string | undefined) => useQuery(formsQueryOptions(establishmentId));
