/**
 * The patient-file list's sorts and filters as the address carries them, and the search body
 * they make. Sorts are the server's (schemas/patient-file-search.ts), so the table offers no
 * order the server would refuse.
 */
import { isUuid, PATIENT_FILE_STATUSES, sortValues } from '../../../schemas/common.ts';
import {
  PATIENT_FILE_SORT_FIELDS, patientFileSearchFiltersSchema, type PatientFileSearchBody, type PatientFileSort,
} from '../../../schemas/patient-file-search.ts';
import type { ListDefinition, ListState } from '../../lib/ui/data-table/list-state.ts';

export const PATIENT_FILE_FILTERS = ['q', 'status', 'service'] as const;
export type PatientFileFilter = (typeof PATIENT_FILE_FILTERS)[number];

export const patientFileList: ListDefinition<PatientFileSort, PatientFileFilter> = {
  sorts: sortValues(PATIENT_FILE_SORT_FIELDS),
  defaultSort: 'patientName',
  filters: PATIENT_FILE_FILTERS,
};

type Status = (typeof PATIENT_FILE_STATUSES)[number];
const isStatus = (value: string): value is Status => (PATIENT_FILE_STATUSES as readonly string[]).includes(value);
const { identifier, text: name } = patientFileSearchFiltersSchema.properties;

/**
 * One search box for names, birth dates and identifiers (spec 000 §2): a whole date
 * (`17/04/1958`, read in the interface's order) searches the birth date; text with a digit
 * searches the identifiers; anything else searches the names.
 */
export function searchBody(state: ListState<PatientFileSort, PatientFileFilter>, birthDateOf: (text: string) => string | undefined): PatientFileSearchBody {
  const text = state.filters.q[0]?.trim() ?? '';
  const birthDate = text ? birthDateOf(text) : undefined;
  const status = state.filters.status.filter(isStatus);
  const serviceIds = state.filters.service.filter(isUuid);
  return {
    page: state.page,
    pageSize: state.pageSize as PatientFileSearchBody['pageSize'],
    sort: state.sort,
    filters: {
      ...(birthDate ? { birthDate } : text && /\d/.test(text) ? { identifier: text.slice(0, identifier.maxLength) } : text ? { text: text.slice(0, name.maxLength) } : {}),
      ...(status.length ? { status } : {}),
      ...(serviceIds.length ? { serviceIds } : {}),
    },
  };
}
