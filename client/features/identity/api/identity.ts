/**
 * The identity calls (schemas/api/identity.ts): the person of a file, search and verification against
 * the national service, identity documents (upload: prepare → upload → from_file), the change of
 * identity with a proof, and the establishment's identity-document types (read here for the
 * documents' picker; the structure screen changes them through lib/api/records.ts). What changes an identity
 * makes the person, the file's header and its history stale.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileRoutes } from '../../../../schemas/api/files.ts';
import { identityDocumentTypeRoutes, identityRoutes } from '../../../../schemas/api/identity.ts';
import type { IdentityChangeBody } from '../../../../schemas/person-identity.ts';
import { call } from '../../../lib/api/client.ts';
import { patientFileKeys, personKeys } from '../../../lib/api/query-keys.ts';
import { recordListOptions } from '../../../lib/api/records.ts';

export const useFileIdentity = (patientFileId: string) => useQuery({
  queryKey: personKeys.ofPatientFile(patientFileId),
  queryFn: ({ signal }) => call(identityRoutes.ofPatientFile, { params: { id: patientFileId }, signal }),
});

export const useIdentityDocuments = (personId: string | undefined) => useQuery({
  queryKey: personKeys.documents(personId),
  queryFn: ({ signal }) => call(identityRoutes.documents, { params: { id: personId! }, signal }),
  enabled: personId !== undefined,
});

export const useIdentityDocument = (personId: string, documentId: string) => useQuery({
  queryKey: personKeys.document(personId, documentId),
  queryFn: ({ signal }) => call(identityRoutes.document, { params: { id: personId, documentId }, signal }),
});

/** Where the document's bytes are read (an <img> or a download link). */
export const documentDownloadUrl = (personId: string, documentId: string) => `/api/persons/${personId}/identity_documents/${documentId}/download`;

/** The establishment's identity-document types: a reference catalogue (lib/api/records.ts), changed on the structure screen. */
export const useDocumentTypes = (establishmentId: string) => useQuery(recordListOptions(identityDocumentTypeRoutes, establishmentId));

function useInvalidate(patientFileId?: string) {
  const client = useQueryClient();
  return () => Promise.all([
    client.invalidateQueries({ queryKey: personKeys.all }),
    ...(patientFileId ? [client.invalidateQueries({ queryKey: patientFileKeys.detail(patientFileId) })] : []),
  ]);
}

export function useSearchIdentity(patientFileId: string) {
  const invalidate = useInvalidate(patientFileId);
  return useMutation({ mutationFn: (personId: string) => call(identityRoutes.search, { params: { id: personId } }), onSettled: invalidate });
}

/** The identity the service finds, taken in one action: its INS number and OID stored and verified. */
export function useTakeIdentity(patientFileId: string) {
  const invalidate = useInvalidate(patientFileId);
  return useMutation({ mutationFn: (personId: string) => call(identityRoutes.take, { params: { id: personId } }), onSettled: invalidate });
}

export function useVerifyIdentity(patientFileId: string) {
  const invalidate = useInvalidate(patientFileId);
  return useMutation({ mutationFn: (personId: string) => call(identityRoutes.verify, { params: { id: personId } }), onSettled: invalidate });
}

export function useChangeIdentity(patientFileId: string) {
  const invalidate = useInvalidate(patientFileId);
  return useMutation({
    mutationFn: ({ personId, body }: { personId: string; body: IdentityChangeBody }) => call(identityRoutes.change, { params: { id: personId }, body }),
    onSettled: invalidate,
  });
}

/** prepare → upload → from_file: the new identity document. */
export function useAddIdentityDocument(patientFileId: string) {
  const invalidate = useInvalidate(patientFileId);
  return useMutation({
    mutationFn: async ({ personId, typeId, file }: { personId: string; typeId: string; file: File }) => {
      const prepared = await call(fileRoutes.prepare, { body: { name: file.name.slice(0, 255) || 'document' } });
      const body = new FormData();
      body.append('file', file, file.name);
      await call(fileRoutes.upload, { params: { id: prepared.id }, body });
      return call(identityRoutes.fromFile, { params: { id: personId, typeId, fileId: prepared.id } });
    },
    onSettled: invalidate,
  });
}
