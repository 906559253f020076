import { queryOptions, useQuery } from '@tanstack/react-query';
import { patientFileRoutes } from '../../../schemas/api/establishments.ts';
import { call } from '../api/client.ts';
import { patientFileKeys } from '../api/query-keys.ts';

/** GET /patient_files/{id}: one file the caller may open; 404 for any other (spec 001 §8). The patient-file screen and the notifications (patient name, establishment) read it. */
export const getPatientFile = (id: string) => call(patientFileRoutes.get, { params: { id } });

export const patientFileQueryOptions = (id: string) =>
  queryOptions({ queryKey: patientFileKeys.detail(id), queryFn: () => getPatientFile(id) });

export const usePatientFile = (id: string) => useQuery(patientFileQueryOptions(id));
