/**
 * Therapeutic content on the patient side (schemas/api/education.ts, issue 20 §2): the monitoring
 * screen's list (GET content) and the education screen's item. Read by two features (monitoring
 * lists, education shows), so it lives here.
 */
import { useQuery } from '@tanstack/react-query';
import { educationRoutes } from '../../../schemas/api/education.ts';
import { pathOf } from '../../../schemas/api/contract.ts';
import { isUuid } from '../../../schemas/common.ts';
import { ApiError } from '../api/api-error.ts';
import { apiUrl, call } from '../api/client.ts';
import { educationKeys } from '../api/query-keys.ts';

/** The service's live items for the file (the free questionnaires are the tasks screen's). */
export const usePatientEducation = (patientFileId: string) => useQuery({
  queryKey: educationKeys.ofFile(patientFileId),
  queryFn: ({ signal }) => call(educationRoutes.content, { params: { id: patientFileId }, query: { withDocuments: 'true' }, signal }),
});

/**
 * One item. Reading it writes EDUCATION_VIEWED for the patient or a caregiver: read once per
 * visit of the screen (no refetch on focus or reconnect), not again behind their back.
 */
export const useEducationItem = (patientFileId: string, contentId: string) => useQuery({
  queryKey: educationKeys.item(patientFileId, contentId),
  queryFn: ({ signal }) => (isUuid(contentId)
    ? call(educationRoutes.item, { params: { id: patientFileId, contentId }, signal })
    : Promise.reject(new ApiError(404, { code: 'not_found' }))),
  retry: false,
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

/** Where the browser reads an item's bytes (images and PDF inline, sandboxed; videos by ranges). */
export const educationFileUrl = (patientFileId: string, contentId: string, language: string) =>
  apiUrl(pathOf(educationRoutes.itemFile.url, { id: patientFileId, contentId }), {}, language);

/** The only player a YouTube item is shown in: the privacy-enhanced host (no cookie before play), the id only. */
export const youtubeEmbedUrl = (youtubeId: string) => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}`;
