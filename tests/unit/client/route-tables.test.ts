import { describe, expect, it } from 'vitest';
import { backOfficeScreens } from '../../../client/app/routes/back-office-screens.ts';
import { patientScreens } from '../../../client/app/routes/patient-screens.ts';
import { professionalScreens } from '../../../client/app/routes/professional-screens.ts';
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
    ['', undefined], ['structure', [AE]], ['devices', [AE]], ['alerts', undefined], ['alerts-batch/:id', undefined],
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
    ['patient/:id', undefined], ['calculated-data/:id/preview', [SA, MA]], ['calculated-data/:id/validation', [SA, MA]],
    ['statistics', [MA]],
    // Issue 4: establishment admins edit the establishment's layouts in the interface editor too.
    ['layout-builder', [OP, PR, AE]], ['prescriptions', undefined], ['professional-directory', [SA, OP, PR, MA]],
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
