/**
 * What is offered (navigation, menu, shortcuts) is what the route guards let through: the same
 * tables and predicates, checked address by address.
 */
import { describe, expect, it } from 'vitest';
import { patientRouteAccess, structureRouteAccess } from '../../../client/app/guards/route-access.ts';
import { guardPatientRoute } from '../../../client/app/guards/route-guard.ts';
import { patientScreens } from '../../../client/app/routes/patient-screens.ts';
import { paths } from '../../../client/lib/paths.ts';
import { AZUR, CARDIO, entry, file } from './fixtures.ts';

const P = paths.patient;
const sample = (pattern: string) => pattern.replace(':patientFileIndex', '0').replace(/\/:[a-zA-Z]+\?/g, '').replace(/:[a-zA-Z]+/g, 'x');

describe('patient area: what a file of each status offers', () => {
  it.each([
    ['CLOSED', P.myTasks.getHref({ patientFileIndex: 0 }), false],
    ['CLOSED', P.messages.getHref({ patientFileIndex: 0 }), false],
    ['CLOSED', P.surveyAnswers.getHref({ patientFileIndex: 0, id: 'f1', free: 'free' }), false],
    ['CLOSED', `${P.myTasks.getHref({ patientFileIndex: 0 })}?from=home#top`, false],
    ['CLOSED', P.documents.getHref({ patientFileIndex: 0 }), true],
    ['CLOSED', P.healthPathData.getHref({ patientFileIndex: 0 }), true],
    ['CLOSED', P.home.getHref({ patientFileIndex: 0 }), true],
    ['AWAITING', P.myTasks.getHref({ patientFileIndex: 0 }), false],
    ['OPEN', P.myTasks.getHref({ patientFileIndex: 0 }), true],
    ['OPEN', P.iot.getHref({ patientFileIndex: 0 }), true],
    // Another file's addresses are that file's guards' business.
    ['CLOSED', P.myTasks.getHref({ patientFileIndex: 1 }), true],
    ['CLOSED', paths.contextSelector.getHref(), true],
  ] as const)('%s file: %s → %s', (status, href, expected) => {
    expect(patientRouteAccess(0, file(status))(href)).toBe(expected);
  });

  it.each(['OPEN', 'CLOSED', 'AWAITING'] as const)('every patient screen, %s file: offered exactly when its guard allows it', (status) => {
    const canOpen = patientRouteAccess(0, file(status));
    for (const screen of patientScreens) {
      const href = sample([paths.patient.home.pattern, screen.path].filter(Boolean).join('/').replace('//', '/'));
      expect(canOpen(href), href).toBe(guardPatientRoute({ attemptedPath: href, file: file(status), onlyOpened: screen.onlyOpened }).allowed);
    }
  });
});

describe('professional area: the privileges held in the structure', () => {
  const prescriber = [entry(AZUR, [], [[CARDIO, ['PRESCRIBER']]])];
  const S = paths.professional;
  it.each([
    [S.layoutBuilder.getHref({ structureIndex: 0 }), true],
    [S.patientFiles.getHref({ structureIndex: 0 }), true],
    [S.structure.getHref({ structureIndex: 0 }), false],
    [S.statistics.getHref({ structureIndex: 0 }), false],
    [S.home.getHref({ structureIndex: 0 }), true],
    [S.structure.getHref({ structureIndex: 3 }), true],
  ])('prescriber: %s → %s', (href, expected) => {
    expect(structureRouteAccess(0, AZUR, prescriber)(href)).toBe(expected);
  });
});
