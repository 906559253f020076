import type { StartBody } from '../../../../schemas/form-api.ts';
import { apiFetch } from '../../../lib/api/client.ts';

/** POST /patient_files/{id}/form_responses/start: the task becomes 'ongoing'. */
export const startResponse = (patientFileId: string, body: StartBody) =>
  apiFetch<{ id: string }>(`/patient_files/${patientFileId}/form_responses/start`, { method: 'POST', body });
