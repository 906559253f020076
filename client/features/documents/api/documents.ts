/**
 * The calls of documents (schemas/api/documents.ts): a page of a file's documents, one document,
 * the addresses of its bytes (viewed in the browser or downloaded), and the changes (add,
 * acknowledge, exclude, restore, edit, entered in error). A change makes the file's documents,
 * its history and the prescriptions stale.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentRoutes } from '../../../../schemas/api/documents.ts';
import type { DocumentBody, DocumentChange, DocumentListQuery, PatientDocument } from '../../../../schemas/documents.ts';
import { isUuid } from '../../../../schemas/common.ts';
import { pathOf } from '../../../../schemas/api/contract.ts';
import { ApiError } from '../../../lib/api/api-error.ts';
import { apiUrl, call } from '../../../lib/api/client.ts';
import { patientFileKeys, prescriptionKeys, waitingDocumentKeys } from '../../../lib/api/query-keys.ts';
import { listQueryOptions } from '../../../lib/ui/data-table/list-query.ts';

export type DocumentsQuery = Pick<DocumentListQuery, 'page' | 'pageSize' | 'sort' | 'type'> & Partial<Pick<DocumentListQuery, 'state'>>;

export const useDocuments = (patientFileId: string, query: DocumentsQuery) => useQuery(listQueryOptions({
  queryKey: patientFileKeys.documents(patientFileId, query),
  fetchPage: (signal) => call(documentRoutes.list, { params: { id: patientFileId }, query, signal }),
}));

/** One document; an address whose id is no document id asks nothing and reads as not found. */
export const useDocument = (patientFileId: string, documentId: string) => useQuery({
  queryKey: patientFileKeys.document(patientFileId, documentId),
  queryFn: ({ signal }) => (isUuid(documentId)
    ? call(documentRoutes.get, { params: { id: documentId }, signal })
    : Promise.reject(notFound())),
  retry: false,
});

const notFound = () => new ApiError(404, { code: 'not_found' });

/** Where the browser reads the bytes: `view` shows PDF and images inline (sandboxed), `download` saves them. */
export const documentBytesUrl = (documentId: string, how: 'view' | 'download', language: string) =>
  apiUrl(pathOf((how === 'view' ? documentRoutes.view : documentRoutes.download).url, { id: documentId }), {}, language);

/**
 * A change's answer is the changed document: it becomes the document's cached value rather than
 * being read again, which the patient's side could not do once she marked it entered in error
 * (404 before her screen leaves it). The lists, the history and the prescriptions are read again.
 */
function useFileChange<A, R = unknown>(patientFileId: string, mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  const isDocument = (value: unknown): value is PatientDocument => typeof value === 'object' && value !== null && 'patientFileId' in value;
  return useMutation({
    mutationFn,
    onSuccess: (answer) => { if (isDocument(answer)) client.setQueryData(patientFileKeys.document(patientFileId, answer.id), answer); },
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: patientFileKeys.documents(patientFileId), predicate: (q) => q.queryKey[3] !== 'one' }),
      client.invalidateQueries({ queryKey: patientFileKeys.history(patientFileId, {}).slice(0, 3) }),
      // A prescription excluded, entered in error or edited changes the establishment's list.
      client.invalidateQueries({ queryKey: prescriptionKeys.all }),
      // Added, acknowledged, excluded or entered in error: the dashboard's waiting documents change.
      client.invalidateQueries({ queryKey: waitingDocumentKeys.all }),
    ]),
  });
}

export const useAddDocument = (patientFileId: string) =>
  useFileChange(patientFileId, (body: DocumentBody) => call(documentRoutes.add, { params: { id: patientFileId }, body }));

export const useAcknowledgeDocument = (patientFileId: string) =>
  useFileChange(patientFileId, (documentId: string) => call(documentRoutes.acknowledge, { params: { id: documentId } }));

export const useEnterDocumentInError = (patientFileId: string) =>
  useFileChange(patientFileId, ({ documentId, reason }: { documentId: string; reason: string }) =>
    call(documentRoutes.delete, { params: { id: documentId }, body: { reason } }));

/** Excluded (hidden from the patient's side, kept) or restored: the file's professionals. */
export const useExcludeDocument = (patientFileId: string) =>
  useFileChange(patientFileId, ({ documentId, excluded }: { documentId: string; excluded: boolean }) =>
    call(excluded ? documentRoutes.exclude : documentRoutes.restore, { params: { id: documentId } }));

/** The fields that changed (PATCH): DOCUMENT_UPDATED names them. */
export const useUpdateDocument = (patientFileId: string) =>
  useFileChange(patientFileId, ({ documentId, change }: { documentId: string; change: DocumentChange }) =>
    call(documentRoutes.update, { params: { id: documentId }, body: change }));
