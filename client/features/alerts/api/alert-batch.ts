/**
 * GET /alert_batches/{id} (a batch's context) and an alert's changes (PUT /alerts/{id}, POST
 * /alerts/{id}/close). A change makes the batch, every alerts list and the file's history stale.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertRoutes } from '../../../../schemas/api/alerts.ts';
import type { AlertChangeBody } from '../../../../schemas/alerts.ts';
import { call } from '../../../lib/api/client.ts';
import { alertKeys, patientFileKeys } from '../../../lib/api/query-keys.ts';

export const useAlertBatch = (batchId: string) => useQuery({
  queryKey: alertKeys.batch(batchId),
  queryFn: ({ signal }) => call(alertRoutes.batch, { params: { id: batchId }, signal }),
});

export interface AlertChange { alertId: string; close: boolean; body: AlertChangeBody }

export function useChangeAlert(patientFileId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ alertId, close, body }: AlertChange) => (close
      ? call(alertRoutes.close, { params: { alertId }, body })
      : call(alertRoutes.change, { params: { alertId }, body })),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: alertKeys.all }),
      client.invalidateQueries({ queryKey: patientFileKeys.detail(patientFileId) }),
    ]),
  });
}
