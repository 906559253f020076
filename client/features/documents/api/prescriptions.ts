/**
 * The calls of prescriptions (schemas/api/prescriptions.ts): a page of the establishment's
 * prescriptions as the address carries it (`?status=AWAITING_RENEWAL&type=PRESCRIPTION&sort=-endDate`),
 * what ends first first by default; and renewing one, which makes the prescriptions and the
 * file's documents stale (the list then shows both, linked).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { prescriptionRoutes } from '../../../../schemas/api/prescriptions.ts';
import { sortValues } from '../../../../schemas/common.ts';
import {
  PRESCRIPTION_SORT_FIELDS, PRESCRIPTION_STATUSES, PRESCRIPTION_TYPES,
  type PrescriptionListQuery, type PrescriptionStatus, type PrescriptionType, type RenewalBody,
} from '../../../../schemas/prescriptions.ts';
import { call } from '../../../lib/api/client.ts';
import { patientFileKeys, prescriptionKeys } from '../../../lib/api/query-keys.ts';
import type { ListDefinition, ListState } from '../../../lib/ui/data-table/list-state.ts';
import { listQueryOptions } from '../../../lib/ui/data-table/list-query.ts';

export type PrescriptionsQuery = Pick<PrescriptionListQuery, 'page' | 'pageSize' | 'sort' | 'status' | 'type'>;
type PrescriptionSort = NonNullable<PrescriptionListQuery['sort']>;
export const PRESCRIPTION_FILTERS = ['status', 'type'] as const;
type PrescriptionFilter = (typeof PRESCRIPTION_FILTERS)[number];

export const prescriptionList: ListDefinition<PrescriptionSort, PrescriptionFilter> = {
  sorts: sortValues(PRESCRIPTION_SORT_FIELDS),
  defaultSort: 'endDate',
  filters: PRESCRIPTION_FILTERS,
};

const isStatus = (value: string | undefined): value is PrescriptionStatus => (PRESCRIPTION_STATUSES as readonly string[]).includes(value ?? '');
const isType = (value: string | undefined): value is PrescriptionType => (PRESCRIPTION_TYPES as readonly string[]).includes(value ?? '');

/** The request of a state: an unknown status or type in a hand-edited address is left out. */
export function prescriptionsQuery(state: ListState<PrescriptionSort, PrescriptionFilter>): PrescriptionsQuery {
  const [status] = state.filters.status;
  const [type] = state.filters.type;
  return {
    page: state.page,
    pageSize: state.pageSize as PrescriptionsQuery['pageSize'],
    sort: state.sort,
    ...(isStatus(status) ? { status } : {}),
    ...(isType(type) ? { type } : {}),
  };
}

export const usePrescriptions = (establishmentId: string, query: PrescriptionsQuery) => useQuery(listQueryOptions({
  queryKey: prescriptionKeys.list(establishmentId, query),
  fetchPage: (signal) => call(prescriptionRoutes.list, { params: { id: establishmentId }, query, signal }),
}));

export function useRenewPrescription(patientFileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, body }: { documentId: string; body: RenewalBody }) => call(prescriptionRoutes.renew, { params: { id: documentId }, body }),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: prescriptionKeys.all }),
      client.invalidateQueries({ queryKey: patientFileKeys.documents(patientFileId) }),
      client.invalidateQueries({ queryKey: patientFileKeys.history(patientFileId, {}).slice(0, 3) }),
    ]),
  });
}
