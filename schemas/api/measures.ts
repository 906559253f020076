/** Contract of POST /api/patient_files/{id}/indicators/data (issue 11 §2, spec 001 §7). */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import { measuresBodySchema, measuresResultSchema, patientMeasuresResultSchema } from '../measures.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

export const measureRoutes = {
  record: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/indicators/data', tags: ['measures'],
    summary: "Records one value or a batch of up to 500 (`data`) on an open file whose patient data is active, by the patient, a caregiver (on the patient's behalf) or a professional of the file. Values are converted to the indicator's unit (UCUM) and evaluated against the thresholds in force in the same transaction; the alerts raised form one batch. A value that cannot be stored refuses the whole batch. A value identical to one already stored (same indicator, time, value and unit) is not stored again: it is answered as stored then. A professional is answered the values and their alerts; a patient or caregiver the values only",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, body: measuresBodySchema,
    response: { 201: { anyOf: [measuresResultSchema, patientMeasuresResultSchema] }, ...errorResponses, 409: errorSchema },
  }),
} as const;
