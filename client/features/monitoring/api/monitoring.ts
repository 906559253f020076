/**
 * Entering a value on the monitoring screen (POST /patient_files/{id}/indicators/data): a new
 * value makes everything of the file's monitoring stale (the card's last value, its chart and
 * list) and the file itself. The reads are lib/monitoring/queries.ts's.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { measureRoutes } from '../../../../schemas/api/measures.ts';
import type { MeasureCorrectionBody, MeasureInputBody } from '../../../../schemas/measures.ts';
import { call } from '../../../lib/api/client.ts';
import { monitoringKeys, patientFileKeys } from '../../../lib/api/query-keys.ts';

/** A value the patient typed, corrected within the delay: the same files go stale as for a new value. */
export function useCorrectMeasure(patientFileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ measureId, body }: { measureId: string; body: MeasureCorrectionBody }) =>
      call(measureRoutes.correct, { params: { id: patientFileId, measureId }, body }),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: monitoringKeys.ofFile(patientFileId) }),
      client.invalidateQueries({ queryKey: patientFileKeys.detail(patientFileId), exact: true }),
    ]),
  });
}

export function useRecordMeasure(patientFileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MeasureInputBody) => call(measureRoutes.record, { params: { id: patientFileId }, body: input }),
    onSuccess: () => Promise.all([
      client.invalidateQueries({ queryKey: monitoringKeys.ofFile(patientFileId) }),
      client.invalidateQueries({ queryKey: patientFileKeys.detail(patientFileId), exact: true }),
    ]),
  });
}
