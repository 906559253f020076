import { describe, expect, it } from 'vitest';
import { backOfficeScreens } from '../../../client/app/routes/back-office-screens.ts';
import { patientScreens } from '../../../client/app/routes/patient-screens.ts';
import { professionalScreens } from '../../../client/app/routes/professional-screens.ts';
import type { Screen } from '../../../client/app/routes/screen.ts';
import { paths } from '../../../client/lib/paths.ts';

const pathsOf = (table: readonly { path: string }[]) => table.map((s) => s.path).sort();

describe('route tables are exactly those of spec 000 §2', () => {
  it('patient area', () => {
    expect(pathsOf(patientScreens)).toEqual([
      '', 'my-tasks', 'health-path', 'health-path-data', 'health-path-history/form-responses/:formResponseId', 'profile', 'iot',
      'survey-answers/:id/:free?/:locale?', 'messages', 'documents', 'documents/add', 'documents/:documentId', 'education/:documentId',
      'professional-directory',
    ].sort());
  });

  it('patient navigation labels, in order', () => {
    expect(patientScreens.filter((s) => s.navLabel).map((s) => s.navLabel)).toEqual([
      'nav.patient.myTasks', 'nav.patient.myMonitoring', 'nav.patient.myMessenger', 'nav.patient.myDocuments', 'nav.patient.myDirectory', 'nav.patient.mySchedule',
    ]);
  });

  const SA = 'SUPER_ADMIN', OP = 'OPERATOR', PR = 'PRESCRIBER', MA = 'MANAGER', AE = 'ADMIN_ESTABLISHMENT';
  it.each([
    // Issue 18: spec 000 lists no privilege for alerts, an alert's context and a person's profile, but
    // they are patient data the API answers only with one: offered to those who open files (issue 20:
    // prescriptions too).
    ['', undefined], ['structure', [AE]], ['devices', [AE]], ['alerts', [SA, OP, PR]], ['alerts-batch/:id', [SA, OP, PR]],
    ['patient/:patientId/documents/:documentId', [SA, OP, PR]],
    ['medical-protocols', [SA, PR, MA]], ['medical-protocols/:medicalProtocolId', [SA, PR, MA]],
    ['medical-protocols/:medicalProtocolId/documents/:documentId', [SA, PR, MA]],
    ['patient-file', [SA, OP, PR]], ['patient-file/:patientFileId/:currentTab?', [SA, OP, PR]],
    ['patient-file/:patientFileId/documents/:documentId', [SA, OP, PR]],
    ['patient-file/:patientFileId/form-responses/:formResponseId', [SA, OP, PR]],
    ['patient-file/:patientFileId/cpia-payload/:cpiaPayloadId', [SA, OP, PR]],
    ['patient-file/:patientFileId/medial-payload/:medialPayloadId', [SA, OP, PR]],
    ['patient-file/:patientFileId/clinical_document_payloads/:clinicalPayloadId', [SA, OP, PR]],
    ['surveys/:id/validation', [SA, MA]], ['content-validation', [SA, MA]], ['condition/:id', [SA, OP, PR, MA]],
    ['patient/:id', [SA, OP, PR]], ['calculated-data/:id/preview', [SA, MA]], ['calculated-data/:id/validation', [SA, MA]],
    ['statistics', [MA]],
    // Issue 4: establishment admins edit the establishment's layouts in the interface editor too.
    ['layout-builder', [OP, PR, AE]], ['prescriptions', [SA, OP, PR]], ['professional-directory', [SA, OP, PR, MA]],
  ])('professional %j requires %j', (path, privileges) => {
    const screen = professionalScreens.find((s) => s.path === path);
    expect(screen).toBeDefined();
    expect(screen!.privileges ? [...screen!.privileges].sort() : undefined).toEqual(privileges?.sort());
  });

  it('professional area has no other path', () => {
    expect(professionalScreens).toHaveLength(26);
  });

  it('back-office area', () => {
    expect(pathsOf(backOfficeScreens)).toEqual([
      '', 'pathologies', 'pathologies/:slug', 'patients-list', 'alert-statuses', 'indicators', 'indicators-visibility', 'calculated-data',
      'calculated-data/:id/editor', 'external-data', 'surveys', 'surveys/:id/editor', 'properties', 'iot-devices', 'changelogs', 'changelogs/:id',
    ].sort());
  });

  it.each([
    ['patient', patientScreens], ['professional', professionalScreens], ['back-office', backOfficeScreens],
  ] as const)('%s: back links lead to a screen of the same area', (_, table) => {
    const ids = table.map((s) => s.id);
    for (const s of table) if (s.back) expect(ids).toContain(s.back);
  });

  it.each([
    ['patient + professional', [...patientScreens, ...professionalScreens]],
    ['patient + back-office', [...patientScreens, ...backOfficeScreens]],
  ])('route ids are unique in one router: %s', (_, screens) => {
    const ids = screens.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each([
    [paths.patient.surveyAnswers.getHref({ patientFileIndex: 0, id: 'f1' }), '/p/0/survey-answers/f1'],
    [paths.patient.surveyAnswers.getHref({ patientFileIndex: 2, id: 'f1', free: 'free', locale: 'ar' }), '/p/2/survey-answers/f1/free/ar'],
    [paths.professional.patientFile.getHref({ structureIndex: 1, patientFileId: 'x' }), '/s/1/patient-file/x'],
    [paths.professional.home.getHref({ structureIndex: 0 }), '/s/0'],
    [paths.backOffice.changelog.getHref({ structureIndex: 0, id: 'c' }), '/s/0/changelogs/c'],
    [paths.contextSelector.getHref(), '/context-selector'],
    [paths.root.getHref(), '/'],
  ])('href %s', (href, expected) => {
    expect(href).toBe(expected);
  });
});

/**
 * The route tables keep their built screens (issue 17): bebf771 restored the medical protocols'
 * lazy pages after a commit made from a stale copy of the table dropped them, and nothing failed.
 * Each screen built so far is listed with its feature page: the row must stay in its area's table,
 * load that very module, and the module must export the Component the router renders. A new
 * screen adds its row; a page that moves changes its row here.
 */
const TABLES: Record<'patient' | 'professional' | 'backOffice', readonly Screen[]> = {
  patient: patientScreens, professional: professionalScreens, backOffice: backOfficeScreens,
};

/** Area, screen id, and the page module its row loads (from client/). */
const BUILT: [keyof typeof TABLES, string, string][] = [
  ['patient', 'patientHome', 'features/layout-screens/patient-home-page.tsx'],
  ['patient', 'myTasks', 'features/questionnaires/tasks/my-tasks-page.tsx'],
  ['patient', 'healthPathData', 'features/monitoring/health-path-data-page.tsx'],
  ['patient', 'formResponse', 'features/questionnaires/responses/patient-form-response-page.tsx'],
  ['patient', 'surveyAnswers', 'features/questionnaires/answer/survey-answers-page.tsx'],
  ['patient', 'documents', 'features/documents/my-documents-page.tsx'],
  ['patient', 'documentAdd', 'features/documents/document-add-page.tsx'],
  ['patient', 'document', 'features/documents/document-page.tsx'],
  ['patient', 'messages', 'features/messages/messages-page.tsx'],
  ['patient', 'education', 'features/education/education-page.tsx'],
  ['professional', 'patientFileDocument', 'features/documents/patient-file-document-page.tsx'],
  ['professional', 'prescriptions', 'features/documents/prescriptions-page.tsx'],
  ['professional', 'professionalHome', 'features/layout-screens/professional-home-page.tsx'],
  ['professional', 'alerts', 'features/alerts/alerts-page.tsx'],
  ['professional', 'patientFiles', 'features/patient-files/patient-file-list-page.tsx'],
  ['professional', 'medicalProtocols', 'features/protocols/protocol-list-page.tsx'],
  ['professional', 'layoutBuilder', 'features/layout-builder/layout-builder-page.tsx'],
  ['professional', 'structure', 'features/identity/document-types-page.tsx'],
  ['professional', 'alertsBatch', 'features/alerts/alert-batch-page.tsx'],
  ['professional', 'identityDocument', 'features/identity/identity-document-page.tsx'],
  ['professional', 'medicalProtocol', 'features/protocols/protocol-page.tsx'],
  ['professional', 'patientFileFormResponse', 'features/questionnaires/responses/professional-form-response-page.tsx'],
  ['professional', 'patientFile', 'app/screens/patient-file-screen.tsx'],
  ['professional', 'surveyValidation', 'features/questionnaires/validation/survey-validation-page.tsx'],
  ['professional', 'condition', 'features/conditions/condition-page.tsx'],
  ['professional', 'patientProfile', 'features/patient-profile/patient-profile-page.tsx'],
  ['backOffice', 'alertStatuses', 'features/catalogue/alert-statuses-page.tsx'],
  ['backOffice', 'indicators', 'features/catalogue/indicators-page.tsx'],
  ['backOffice', 'indicatorsVisibility', 'features/catalogue/indicators-visibility-page.tsx'],
  ['backOffice', 'surveys', 'features/surveys/surveys-page.tsx'],
];

/** Every page module of client/, by its path from client/, loaded only when asked. */
const PAGES = import.meta.glob(['../../../client/features/**/*.tsx', '../../../client/app/screens/*.tsx']);
const pageModule = (file: string) => PAGES[`../../../client/${file}`];

describe('route tables keep their built screens', () => {
  it('list every built screen with a page', () => {
    const withPage = Object.entries(TABLES).flatMap(([area, table]) => table.filter((s) => s.lazy).map((s) => `${area} ${s.id}`));
    // A row that gained a page since: add it to BUILT so it is kept too.
    expect(withPage.sort()).toEqual(BUILT.map(([area, id]) => `${area} ${id}`).sort());
  });

  it.each(BUILT)('%s %s loads %s, which exports Component', async (area, id, file) => {
    const screen = TABLES[area].find((s) => s.id === id);
    expect(screen, `${id} is no longer a row of the ${area} route table`).toBeDefined();
    expect(screen!.lazy, `${id} lost its lazy page (client/${file})`).toBeTypeOf('function');
    const load = pageModule(file);
    expect(load, `client/${file} does not exist`).toBeTypeOf('function');
    const [loaded, expected] = await Promise.all([screen!.lazy!(), load!()]);
    expect(loaded, `${id} loads another module than client/${file}`).toBe(expected);
    expect((loaded as { Component?: unknown }).Component).toBeTypeOf('function');
  });
});
