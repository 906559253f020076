/**
 * A service's library of therapeutic content (schemas/api/education.ts, issue 20 §2), for its
 * protocol managers: the list, add (a file uploaded first, or a YouTube address), edit, archive
 * and restore. A change makes the service's library stale, and the files' views of it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { educationRoutes } from '../../../../schemas/api/education.ts';
import { pathOf } from '../../../../schemas/api/contract.ts';
import type { EducationBody, EducationEdit } from '../../../../schemas/education.ts';
import { apiUrl, call } from '../../../lib/api/client.ts';
import { educationKeys } from '../../../lib/api/query-keys.ts';
import { uploadFile } from '../../../lib/api/upload-file.ts';

export const useServiceLibrary = (serviceId: string | null, archived: 'false' | 'all') => useQuery({
  queryKey: educationKeys.library(serviceId ?? '', archived),
  queryFn: ({ signal }) => call(educationRoutes.list, { params: { id: serviceId! }, query: { archived }, signal }),
  enabled: serviceId !== null,
});

function useLibraryChange<A>(serviceId: string | null, mutationFn: (args: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: educationKeys.libraries(serviceId ?? '') }),
      // Any file's view of a library: which files are of this service is not known here.
      client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'patient_files' && q.queryKey[2] === 'content' }),
    ]),
  });
}

/** A new item: the file uploaded first (its id then names it), or the YouTube address as typed. */
export interface NewItem { body: Omit<EducationBody, 'fileId'>; file?: File }

export const useAddEducation = (serviceId: string | null) => useLibraryChange(serviceId, async ({ body, file }: NewItem) => {
  const fileId = file ? await uploadFile(file) : undefined;
  return call(educationRoutes.add, { params: { id: serviceId! }, body: { ...body, ...(fileId ? { fileId } : {}) } });
});

export const useEditEducation = (serviceId: string | null) => useLibraryChange(serviceId, ({ contentId, body }: { contentId: string; body: EducationEdit }) =>
  call(educationRoutes.edit, { params: { contentId }, body }));

export const useArchiveEducation = (serviceId: string | null) => useLibraryChange(serviceId, ({ contentId, archived }: { contentId: string; archived: boolean }) =>
  call(archived ? educationRoutes.archive : educationRoutes.restore, { params: { contentId } }));

/** The bytes, as the library previews them (sandboxed, inline for PDF and images). */
export const libraryFileUrl = (contentId: string, language: string) => apiUrl(pathOf(educationRoutes.file.url, { contentId }), {}, language);
