import { queryOptions, useQuery } from '@tanstack/react-query';
import { formRoutes } from '../../../../schemas/api/forms.ts';
import { call } from '../../../lib/api/client.ts';
import { formKeys } from '../../../lib/api/query-keys.ts';
import { withFormDefinition } from './form-definition.ts';

/** GET /forms/{id}/versions: every version, newest first (managers and super admins). */
export const formVersionsQueryOptions = (formId: string) =>
  queryOptions({
    queryKey: formKeys.versions(formId),
    queryFn: async ({ signal }) => {
      const list = await call(formRoutes.versions, { params: { id: formId }, signal });
      return { ...list, data: list.data.map(withFormDefinition) };
    },
  });

export type FormVersions = Awaited<ReturnType<NonNullable<ReturnType<typeof formVersionsQueryOptions>['queryFn']>>>;

export const useFormVersions = (formId: string) => useQuery(formVersionsQueryOptions(formId));
