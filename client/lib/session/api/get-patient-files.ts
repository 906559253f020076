import { queryOptions, useQuery } from '@tanstack/react-query';
import { meRoutes } from '../../../../schemas/api/me.ts';
import { call } from '../../api/client.ts';
import { meKeys } from '../../api/query-keys.ts';

/** Patient files loaded at start: 200 per page (spec 001 §9). */
export const PATIENT_FILES_PAGE_SIZE = 200;

/** GET /me/patient_files: the user's own files and those they follow as a caregiver. */
export const getPatientFiles = (page = 1, pageSize = PATIENT_FILES_PAGE_SIZE) =>
  call(meRoutes.patientFiles, { query: { page, pageSize } });

export const patientFilesQueryOptions = () =>
  queryOptions({ queryKey: meKeys.patientFiles(), queryFn: () => getPatientFiles(), staleTime: Infinity });

export const usePatientFiles = () => useQuery(patientFilesQueryOptions());
