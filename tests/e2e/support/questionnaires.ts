/**
 * Demo questionnaires assigned to patient.open's file through the API, as the prescriber does.
 * Those the demo provisioning already assigned (server/demo/assignments.ts) stay as they are.
 */
import type { FormSummary } from '../../../schemas/form-api.ts';
import { sampleAnswer } from '../../helpers/form-corpus.ts';
import { apiSession } from './api-session.ts';

export interface AssignedForms { patientFileId: string; establishmentId: string; formIds: Record<string, string> }

export async function assignDemoForms(baseUrl: string, references: readonly string[]): Promise<AssignedForms> {
  const patient = await apiSession(baseUrl, 'patient.open');
  const files = await patient.get<{ data: { id: string; service: { establishment: { id: string } } }[] }>('/me/patient_files');
  const file = files.data[0]!;
  const prescriber = await apiSession(baseUrl, 'prescriber');
  const forms = await prescriber.get<{ data: FormSummary[] }>(`/establishments/${file.service.establishment.id}/forms`);
  const formIds: Record<string, string> = {};
  for (const reference of references) {
    const form = forms.data.find((f) => f.reference === reference);
    if (!form) throw new Error(`no form ${reference} in ${forms.data.map((f) => f.reference).join(', ')}`);
    const res = await prescriber.post(`/patient_files/${file.id}/forms/${form.id}`);
    const alreadyAssigned = res.status === 409 && (res.body as { code?: string }).code === 'form_already_assigned';
    if (res.status !== 200 && !alreadyAssigned) throw new Error(`assign ${reference}: ${res.status} ${JSON.stringify(res.body)}`);
    formIds[reference] = form.id;
  }
  return { patientFileId: file.id, establishmentId: file.service.establishment.id, formIds };
}

/**
 * Free PHQ-9 responses sent by patient.open through the API (for a response to exist, or, with
 * `untilRefused`, to use up the 24 h quota whatever earlier tests already sent).
 */
export async function sendFreePhq9(baseUrl: string, patientFileId: string, formId: string, times: number, { untilRefused = false } = {}): Promise<string[]> {
  const patient = await apiSession(baseUrl, 'patient.open');
  const ids: string[] = [];
  for (let i = 0; i < times; i++) {
    const res = await patient.post<{ id: string; code?: string }>(`/patient_files/${patientFileId}/form_responses`, { formId, answers: sampleAnswer('phq-9') });
    if (untilRefused && res.status === 429 && res.body.code === 'free_form_limit_reached') break;
    if (res.status !== 201) throw new Error(`free PHQ-9: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.id);
  }
  return ids;
}
