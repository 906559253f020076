/**
 * The patient screen's calls: create a patient with their file (POST /patient_files, answering the
 * one-time credentials), read and save a profile (GET/PUT /persons/{id}). A creation makes the
 * lists of files stale; a save, the person and every file (their names and histories).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { patientRoutes } from '../../../../schemas/api/patients.ts';
import type { BodyOf } from '../../../../schemas/api/contract.ts';
import { call } from '../../../lib/api/client.ts';
import { inactiveThresholdKeys, patientFileKeys, personKeys } from '../../../lib/api/query-keys.ts';

export const useProfile = (personId: string | undefined) => useQuery({
  queryKey: personKeys.profile(personId ?? ''),
  queryFn: ({ signal }) => call(patientRoutes.profile, { params: { id: personId! }, signal }),
  enabled: personId !== undefined,
});

export function useCreatePatient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof patientRoutes.create>) => call(patientRoutes.create, { body }),
    // A new file is listed by the dashboard's inactive-thresholds block until it has its reference values.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: patientFileKeys.all }), client.invalidateQueries({ queryKey: inactiveThresholdKeys.all })]),
  });
}

export function useSaveProfile(personId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof patientRoutes.updateProfile>) => call(patientRoutes.updateProfile, { params: { id: personId }, body }),
    onSuccess: (profile) => {
      client.setQueryData(personKeys.profile(personId), profile);
      return Promise.all([
        client.invalidateQueries({ queryKey: personKeys.all }),
        client.invalidateQueries({ queryKey: patientFileKeys.all }),
      ]);
    },
  });
}
