/**
 * The documents list as the address carries it (`?type=REPORT&sort=title&page=2`) and the query
 * it makes. Sorts are the server's (schemas/documents.ts), newest first by default.
 */
import { sortValues } from '../../../schemas/common.ts';
import { DOCUMENT_SORT_FIELDS, DOCUMENT_STATES, DOCUMENT_TYPES, type DocumentType } from '../../../schemas/documents.ts';
import type { ListDefinition, ListState } from '../../lib/ui/data-table/list-state.ts';
import type { DocumentsQuery } from './api/documents.ts';

/** `state` is the professional's (the patient's side only ever lists the live documents). */
export const DOCUMENT_FILTERS = ['type', 'state'] as const;
export type DocumentFilter = (typeof DOCUMENT_FILTERS)[number];
type DocumentSort = NonNullable<DocumentsQuery['sort']>;

export const documentList: ListDefinition<DocumentSort, DocumentFilter> = {
  sorts: sortValues(DOCUMENT_SORT_FIELDS),
  defaultSort: '-createdAt',
  filters: DOCUMENT_FILTERS,
};

const isType = (value: string | undefined): value is DocumentType => (DOCUMENT_TYPES as readonly string[]).includes(value ?? '');
type State = (typeof DOCUMENT_STATES)[number];
const isState = (value: string | undefined): value is State => (DOCUMENT_STATES as readonly string[]).includes(value ?? '');

/** The request of a state: an unknown type or state in a hand-edited address is left out. */
export function documentsQuery(state: ListState<DocumentSort, DocumentFilter>, withStates = false): DocumentsQuery {
  const type = state.filters.type[0];
  const shown = withStates ? state.filters.state[0] : undefined;
  return {
    page: state.page,
    pageSize: state.pageSize as DocumentsQuery['pageSize'],
    sort: state.sort,
    ...(isType(type) ? { type } : {}),
    ...(isState(shown) ? { state: shown } : {}),
  };
}
