/**
 * What a notification says and where it leads (client/features/notifications/bell/notification-view.ts),
 * for each type, from the user's own file, a file they follow as a caregiver, and a file they follow
 * as a professional (its establishment gives the /s/:i of the link).
 */
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../schemas/notifications.ts';
import { notificationView, type ViewContext } from '../../../client/features/notifications/bell/notification-view.ts';
import { AZUR, TILLEULS, file } from './fixtures.ts';

const OWN = '00000000-0000-4000-8000-0000000000f1';
const FOLLOWED = '00000000-0000-4000-8000-0000000000f9';
const DOC = '00000000-0000-4000-8000-0000000000d1';
const BATCH = '00000000-0000-4000-8000-0000000000b1';
const structure = (id: string) => ({ id, identifier: id, name: id, professionalDirectoryEnabled: false, services: [] });
const n = (over: Partial<Notification>): Notification =>
  ({ id: '00000000-0000-4000-8000-000000000001', type: 'NEW_DOCUMENT', patientFileId: OWN, subject: {}, createdAt: '2026-11-27T08:00:00.000Z', readAt: null, ...over });

const patient: ViewContext = { patientFiles: [file('OPEN', 'u1')], structures: [] };
const caregiver: ViewContext = { patientFiles: [{ ...file('OPEN', undefined, true) }], structures: [] };
const professional: ViewContext = { patientFiles: [], structures: [structure(TILLEULS), structure(AZUR)] };
const followed = { ...file('OPEN', '00000000-0000-4000-8000-0000000000a1'), id: FOLLOWED };

describe('notification view', () => {
  it.each([
    ['NEW_DOCUMENT', { documentId: DOC }, `/p/0/documents/${DOC}`],
    ['NEW_DOCUMENT', {}, '/p/0/documents'],
    ['DOCUMENT_ACKNOWLEDGED', { documentId: DOC }, `/p/0/documents/${DOC}`],
    ['QUESTIONNAIRE_DUE', {}, '/p/0/my-tasks'],
    ['QUESTIONNAIRE_LATE', {}, '/p/0/my-tasks'],
    ['NEW_MESSAGE', {}, '/p/0/messages'],
    ['APPOINTMENT_REMINDER', {}, '/p/0/health-path'],
  ] as const)('the patient: %s %j leads to %s and speaks to them', (type, subject, href) => {
    expect(notificationView(n({ type, subject }), patient)).toEqual({ type, audience: 'self', name: undefined, href });
  });

  it('a caregiver: the patient is named, the link is in the caregiver’s area', () => {
    expect(notificationView(n({ subject: { documentId: DOC } }), caregiver)).toEqual({ type: 'NEW_DOCUMENT', audience: 'other', name: 'Camille Martin', href: `/p/0/documents/${DOC}` });
  });

  it.each([
    ['NEW_DOCUMENT', { documentId: DOC }, `/s/1/patient-file/${FOLLOWED}/documents/${DOC}`],
    ['NEW_DOCUMENT', {}, `/s/1/patient-file/${FOLLOWED}/documents`],
    ['QUESTIONNAIRE_LATE', {}, `/s/1/patient-file/${FOLLOWED}/questionnaires`],
    ['ALERT', { alertBatchId: BATCH }, `/s/1/alerts-batch/${BATCH}`],
    ['ALERT', {}, '/s/1/alerts'],
    ['NEW_MESSAGE', {}, `/s/1/patient-file/${FOLLOWED}/messages`],
  ] as const)('a professional: %s %j leads to %s in the file’s establishment', (type, subject, href) => {
    expect(notificationView(n({ type, subject, patientFileId: FOLLOWED }), professional, followed)).toEqual({ type, audience: 'other', name: 'Camille Martin', href });
  });

  it('a professional before the file is read, or when it cannot be: nobody named, no link', () => {
    expect(notificationView(n({ patientFileId: FOLLOWED }), professional)).toEqual({ type: 'NEW_DOCUMENT', audience: 'unnamed', name: undefined, href: undefined });
  });

  it('a file of an establishment the user is not in: named, but no link', () => {
    expect(notificationView(n({ patientFileId: FOLLOWED }), { ...professional, structures: [structure(TILLEULS)] }, followed).href).toBeUndefined();
  });

  it('release notes: about no file, no link', () => {
    expect(notificationView(n({ type: 'RELEASE_NOTES', patientFileId: null, subject: { release: '4.13' } }), professional)).toEqual({ type: 'RELEASE_NOTES', audience: 'unnamed' });
  });
});
