import type { CallInput } from '../../../../schemas/api/contract.ts';
import { formRoutes } from '../../../../schemas/api/forms.ts';
import { call } from '../../../lib/api/client.ts';

/** POST /patient_files/{id}/form_responses/start: the task becomes 'ongoing'. */
export const startResponse = (patientFileId: string, body: CallInput<typeof formRoutes.start>['body']) =>
  call(formRoutes.start, { params: { id: patientFileId }, body });
