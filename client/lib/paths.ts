/**
 * Every route path of spec 000 §2 in one place, with the helpers that build their addresses.
 * `path` is relative to the area's base (what the route table registers); `getHref` gives the
 * absolute address. Screens never write an address by hand.
 */
import { generatePath } from 'react-router';

type Params = Record<string, string | number | undefined>;

function route<P extends Params = Record<never, never>>(base: string, path: string) {
  const pattern = [base, path].filter(Boolean).join('/') || '/';
  return {
    path,
    pattern,
    getHref: (params: P = {} as P) =>
      generatePath(pattern, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v === undefined ? undefined : String(v)])) as never),
  };
}

export const PATIENT_BASE = '/p/:patientFileIndex';
export const STRUCTURE_BASE = '/s/:structureIndex';
type P = { patientFileIndex: number };
type S = { structureIndex: number };

export const paths = {
  root: route('', '/'),
  contextSelector: route('', '/context-selector'),
  notAuthorized: route('', '/not-authorized'),
  acceptCgu: route('', '/accept-cgu'),
  authError: route('', '/auth-error'),
  structureCreate: route('', '/structure-create'),

  patient: {
    home: route<P>(PATIENT_BASE, ''),
    myTasks: route<P>(PATIENT_BASE, 'my-tasks'),
    healthPath: route<P>(PATIENT_BASE, 'health-path'),
    healthPathData: route<P>(PATIENT_BASE, 'health-path-data'),
    formResponse: route<P & { formResponseId: string }>(PATIENT_BASE, 'health-path-history/form-responses/:formResponseId'),
    profile: route<P>(PATIENT_BASE, 'profile'),
    iot: route<P>(PATIENT_BASE, 'iot'),
    surveyAnswers: route<P & { id: string; free?: string; locale?: string }>(PATIENT_BASE, 'survey-answers/:id/:free?/:locale?'),
    messages: route<P>(PATIENT_BASE, 'messages'),
    documents: route<P>(PATIENT_BASE, 'documents'),
    documentAdd: route<P>(PATIENT_BASE, 'documents/add'),
    document: route<P & { documentId: string }>(PATIENT_BASE, 'documents/:documentId'),
    education: route<P & { documentId: string }>(PATIENT_BASE, 'education/:documentId'),
    professionalDirectory: route<P>(PATIENT_BASE, 'professional-directory'),
  },

  professional: {
    home: route<S>(STRUCTURE_BASE, ''),
    structure: route<S>(STRUCTURE_BASE, 'structure'),
    devices: route<S>(STRUCTURE_BASE, 'devices'),
    alerts: route<S>(STRUCTURE_BASE, 'alerts'),
    alertsBatch: route<S & { id: string }>(STRUCTURE_BASE, 'alerts-batch/:id'),
    identityDocument: route<S & { patientId: string; documentId: string }>(STRUCTURE_BASE, 'patient/:patientId/documents/:documentId'),
    medicalProtocols: route<S>(STRUCTURE_BASE, 'medical-protocols'),
    medicalProtocol: route<S & { medicalProtocolId: string }>(STRUCTURE_BASE, 'medical-protocols/:medicalProtocolId'),
    medicalProtocolDocument: route<S & { medicalProtocolId: string; documentId: string }>(STRUCTURE_BASE, 'medical-protocols/:medicalProtocolId/documents/:documentId'),
    patientFiles: route<S>(STRUCTURE_BASE, 'patient-file'),
    patientFile: route<S & { patientFileId: string; currentTab?: string }>(STRUCTURE_BASE, 'patient-file/:patientFileId/:currentTab?'),
    patientFileDocument: route<S & { patientFileId: string; documentId: string }>(STRUCTURE_BASE, 'patient-file/:patientFileId/documents/:documentId'),
    patientFileFormResponse: route<S & { patientFileId: string; formResponseId: string }>(STRUCTURE_BASE, 'patient-file/:patientFileId/form-responses/:formResponseId'),
    cpiaPayload: route<S & { patientFileId: string; cpiaPayloadId: string }>(STRUCTURE_BASE, 'patient-file/:patientFileId/cpia-payload/:cpiaPayloadId'),
    medialPayload: route<S & { patientFileId: string; medialPayloadId: string }>(STRUCTURE_BASE, 'patient-file/:patientFileId/medial-payload/:medialPayloadId'),
    clinicalPayload: route<S & { patientFileId: string; clinicalPayloadId: string }>(STRUCTURE_BASE, 'patient-file/:patientFileId/clinical_document_payloads/:clinicalPayloadId'),
    surveyValidation: route<S & { id: string }>(STRUCTURE_BASE, 'surveys/:id/validation'),
    contentValidation: route<S>(STRUCTURE_BASE, 'content-validation'),
    condition: route<S & { id: string }>(STRUCTURE_BASE, 'condition/:id'),
    patientProfile: route<S & { id: string }>(STRUCTURE_BASE, 'patient/:id'),
    calculatedDataPreview: route<S & { id: string }>(STRUCTURE_BASE, 'calculated-data/:id/preview'),
    calculatedDataValidation: route<S & { id: string }>(STRUCTURE_BASE, 'calculated-data/:id/validation'),
    statistics: route<S>(STRUCTURE_BASE, 'statistics'),
    layoutBuilder: route<S>(STRUCTURE_BASE, 'layout-builder'),
    prescriptions: route<S>(STRUCTURE_BASE, 'prescriptions'),
    professionalDirectory: route<S>(STRUCTURE_BASE, 'professional-directory'),
  },

  backOffice: {
    home: route<S>(STRUCTURE_BASE, ''),
    pathologies: route<S>(STRUCTURE_BASE, 'pathologies'),
    pathology: route<S & { slug: string }>(STRUCTURE_BASE, 'pathologies/:slug'),
    patientsList: route<S>(STRUCTURE_BASE, 'patients-list'),
    alertStatuses: route<S>(STRUCTURE_BASE, 'alert-statuses'),
    indicators: route<S>(STRUCTURE_BASE, 'indicators'),
    indicatorsVisibility: route<S>(STRUCTURE_BASE, 'indicators-visibility'),
    calculatedData: route<S>(STRUCTURE_BASE, 'calculated-data'),
    calculatedDataEditor: route<S & { id: string }>(STRUCTURE_BASE, 'calculated-data/:id/editor'),
    externalData: route<S>(STRUCTURE_BASE, 'external-data'),
    surveys: route<S>(STRUCTURE_BASE, 'surveys'),
    surveyEditor: route<S & { id: string }>(STRUCTURE_BASE, 'surveys/:id/editor'),
    properties: route<S>(STRUCTURE_BASE, 'properties'),
    iotDevices: route<S>(STRUCTURE_BASE, 'iot-devices'),
    changelogs: route<S>(STRUCTURE_BASE, 'changelogs'),
    changelog: route<S & { id: string }>(STRUCTURE_BASE, 'changelogs/:id'),
  },
} as const;
