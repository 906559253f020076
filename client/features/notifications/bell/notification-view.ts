/**
 * What one notification says and where it leads, from its type and ids only (the server sends no
 * patient name): on the user's own file (a patient) the sentence speaks to them ("your file"); on
 * a file they follow as a caregiver or a professional it names the patient, read from the
 * session's files or from the file itself (GET /patient_files/{id}); until that answers, or when it
 * cannot be read any more, the sentence names nobody. The link opens the thing in the area the
 * user sees it from: /p/:i for their own files, /s/:i (the file's establishment) for a
 * professional. Release notes have no screen yet: no link.
 */
import type { Establishment } from '../../../../schemas/establishments.ts';
import type { PatientFileSummary } from '../../../../schemas/me.ts';
import type { Notification, NotificationType } from '../../../../schemas/notifications.ts';
import { patientNameOf } from '../../../lib/patient-name.ts';
import { paths } from '../../../lib/paths.ts';

/** self: the user's own file; other: someone named; unnamed: a file whose patient is not known here. */
export type Audience = 'self' | 'other' | 'unnamed';

export interface NotificationView { type: NotificationType; audience: Audience; name?: string; href?: string }

export interface ViewContext {
  /** The session's patient files (own and as caregiver), in the order of /p/:i. */
  patientFiles: readonly PatientFileSummary[];
  /** The session's establishments, in the order of /s/:i. */
  structures: readonly Establishment[];
}

/** Whether the notification is about one of the user's files as patient or caregiver (no file to fetch then). */
export const ownFileIndex = (n: Notification, context: ViewContext) =>
  n.patientFileId ? context.patientFiles.findIndex((f) => f.id === n.patientFileId) : -1;

/** `file`: the file as the professional reads it, once known. */
export function notificationView(n: Notification, context: ViewContext, file?: PatientFileSummary): NotificationView {
  const own = ownFileIndex(n, context);
  if (own >= 0) {
    const mine = context.patientFiles[own]!;
    return { type: n.type, audience: mine.caregiver ? 'other' : 'self', name: mine.caregiver ? patientNameOf(mine) : undefined, href: patientHref(n, own) };
  }
  if (!n.patientFileId) return { type: n.type, audience: 'unnamed' };
  const structureIndex = file ? context.structures.findIndex((s) => s.id === file.service.establishment.id) : -1;
  const name = file ? patientNameOf(file) : '';
  return {
    type: n.type,
    audience: name ? 'other' : 'unnamed',
    name: name || undefined,
    href: structureIndex >= 0 ? professionalHref(n, n.patientFileId, structureIndex) : undefined,
  };
}

function patientHref(n: Notification, patientFileIndex: number): string | undefined {
  const { documentId } = n.subject;
  switch (n.type) {
    case 'NEW_DOCUMENT':
    case 'DOCUMENT_ACKNOWLEDGED':
      return documentId ? paths.patient.document.getHref({ patientFileIndex, documentId }) : paths.patient.documents.getHref({ patientFileIndex });
    case 'QUESTIONNAIRE_DUE':
    case 'QUESTIONNAIRE_LATE':
      return paths.patient.myTasks.getHref({ patientFileIndex });
    case 'NEW_MESSAGE':
      return paths.patient.messages.getHref({ patientFileIndex });
    case 'APPOINTMENT_REMINDER':
      return paths.patient.healthPath.getHref({ patientFileIndex });
    case 'ALERT':
      return paths.patient.healthPathData.getHref({ patientFileIndex });
    case 'RELEASE_NOTES':
      return undefined;
  }
}

function professionalHref(n: Notification, patientFileId: string, structureIndex: number): string {
  const { documentId, alertBatchId } = n.subject;
  const file = (currentTab?: string) => paths.professional.patientFile.getHref({ structureIndex, patientFileId, currentTab });
  switch (n.type) {
    case 'NEW_DOCUMENT':
    case 'DOCUMENT_ACKNOWLEDGED':
      return documentId ? paths.professional.patientFileDocument.getHref({ structureIndex, patientFileId, documentId }) : file('documents');
    case 'QUESTIONNAIRE_DUE':
    case 'QUESTIONNAIRE_LATE':
      return file('questionnaires');
    case 'NEW_MESSAGE':
      return file('messages');
    case 'ALERT':
      return alertBatchId ? paths.professional.alertsBatch.getHref({ structureIndex, id: alertBatchId }) : paths.professional.alerts.getHref({ structureIndex });
    default:
      return file();
  }
}
