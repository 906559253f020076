/** Contract of the patient file's history tab: GET /api/patient_files/{id}/history (issue 10 §4). */
import { errorResponses } from '../common.ts';
import { patientFileHistoryPageSchema, patientFileHistoryQuerySchema } from '../patient-file-history.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

export const patientFileHistoryRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/patient_files/:id/history', tags: ['patient files'],
    summary: "The file's history, newest first, paged, filtered by kinds and days (professionals of the file only)",
    params: recordParams({ id: 'patientFile' }), querystring: patientFileHistoryQuerySchema,
    response: { 200: patientFileHistoryPageSchema, ...errorResponses },
  }),
} as const;
