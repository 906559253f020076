/** The establishment's bound on late values (GET/PUT /establishments/{id}/measure_settings). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { establishmentRoutes } from '../../../../schemas/api/establishments.ts';
import type { MeasureSettings } from '../../../../schemas/establishments.ts';
import { call } from '../../../lib/api/client.ts';
import { establishmentKeys } from '../../../lib/api/query-keys.ts';

export function useMeasureSettings(establishmentId: string) {
  return useQuery({
    queryKey: establishmentKeys.measureSettings(establishmentId),
    queryFn: () => call(establishmentRoutes.measureSettings, { params: { id: establishmentId } }),
  });
}

export function useSaveMeasureSettings(establishmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MeasureSettings) => call(establishmentRoutes.updateMeasureSettings, { params: { id: establishmentId }, body }),
    onSuccess: (saved) => client.setQueryData(establishmentKeys.measureSettings(establishmentId), saved),
  });
}
