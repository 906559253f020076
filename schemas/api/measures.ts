/** Contract of POST /api/patient_files/{id}/indicators/data (issue 11 §2, spec 001 §7). */
import { errorResponses, errorSchema, localeOnlyQuerySchema } from '../common.ts';
import {
  enteredInErrorBodySchema, enteredInErrorResultSchema, measureCorrectionBodySchema, measuresBodySchema, measuresResultSchema, patientMeasuresResultSchema,
} from '../measures.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

export const measureRoutes = {
  record: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/indicators/data', tags: ['measures'],
    summary: "Records one value or a batch of up to 500 (`data`) on an open file whose patient data is active, by the patient, a caregiver (on the patient's behalf) or a professional of the file. Values are converted to the indicator's unit (UCUM) and evaluated against the thresholds in force in the same transaction; the alerts raised form one batch. A value that cannot be stored refuses the whole batch. A value identical to one already stored (same indicator, time, value and unit) is not stored again: it is answered as stored then. A professional is answered the values and their alerts; a patient or caregiver the values only",
    params: recordParams({ id: 'patientFile' }), querystring: localeOnlyQuerySchema, body: measuresBodySchema,
    response: { 201: { anyOf: [measuresResultSchema, patientMeasuresResultSchema] }, ...errorResponses, 409: errorSchema },
  }),
  markEnteredInError: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/measures/:measureId/entered_in_error', tags: ['measures'],
    summary: 'Marks a value entered in error, with a reason, by a professional of the open file (never deleted: history MEASURE_ENTERED_IN_ERROR). It leaves charts, last values and non-compliance counting; its pending alerts close with the system status ENTERED_IN_ERROR. Already marked: 409 measure_already_entered_in_error',
    params: recordParams({ id: 'patientFile', measureId: 'measure' }), querystring: localeOnlyQuerySchema, body: enteredInErrorBodySchema,
    response: { 200: enteredInErrorResultSchema, ...errorResponses, 409: errorSchema },
  }),
  correct: defineRoute({
    method: 'POST', url: '/api/patient_files/:id/measures/:measureId/correction', tags: ['measures'],
    summary: "The patient (or the caregiver who typed it) corrects a value she typed, within the establishment's correction delay: in one transaction the old value is marked entered in error (reason 'corrected') and the new one recorded and evaluated as any value. After the delay: 409 measure_correction_delay_passed; someone else's value: 403 measure_not_yours",
    params: recordParams({ id: 'patientFile', measureId: 'measure' }), querystring: localeOnlyQuerySchema, body: measureCorrectionBodySchema,
    response: { 201: patientMeasuresResultSchema, ...errorResponses, 409: errorSchema },
  }),
} as const;
