/**
 * What each history entry says, in the interface's language: one sentence per kind of
 * schemas/history.ts (`patientFileHistory.kinds.<KIND>`), with the detail its payload gives when
 * there is one (`<KIND>_detail`: the questionnaire, the closing reason, the identity status…).
 * A kind without a sentence yet (added by another screen) says the generic "Event on the file";
 * tests/unit/client/patient-file-history.test.tsx fails until every kind has its three sentences.
 */
import type { TFunction } from 'i18next';
import type { HistoryKind } from '../../../schemas/history.ts';
import type { HistoryEntry } from '../../../schemas/patient-file-history.ts';
import { textIn, type LocalizedText } from '../../../schemas/localized-text.ts';
import { formatNumber, upTo } from '../i18n/use-number.ts';
import type { Language } from '../languages.ts';

/** The groups of the kind filter, in the order shown; a kind not listed here falls in `other`. */
export const HISTORY_GROUPS = {
  forms: ['FORM_ASSIGNED', 'FORM_ACTIVATED', 'FORM_DEACTIVATED', 'FORM_OVERLOADED', 'FORM_RESPONSE', 'FORM_NON_COMPLIANCE', 'FORM_EXCLUDED', 'FORM_RESTORED'],
  file: ['PROFILE_UPDATED', 'IDENTITY_SEARCH', 'IDENTITY_VERIFIED', 'IDENTITY_VERIFICATION_FAILED', 'IDENTITY_DOCUMENT_ADDED',
    'FILE_CLOSED', 'FILE_CLOSED_AUTOMATICALLY', 'FILE_REOPENED', 'PATIENT_DATA_ACTIVATED', 'PATIENT_DATA_DEACTIVATED', 'HOSPITALIZATION', 'CONDITION_ADDED', 'CONDITION_REMOVED'],
  monitoring: ['INDICATOR_NON_COMPLIANCE', 'DEVICE_DATA', 'REFERENCE_VALUE_CREATED', 'REFERENCE_VALUE_DEACTIVATED', 'ALERT_THRESHOLD_CREATED',
    'ALERT_THRESHOLD_UPDATED', 'ALERT_THRESHOLD_DELETED', 'ALERT_THRESHOLD_DEACTIVATED', 'EXTRA_PARAMETER_CREATED', 'EXTRA_PARAMETER_UPDATED', 'EXTRA_PARAMETER_DELETED',
    'ALERT_STATUS_SET', 'ALERT_COMMENTED', 'ALERT_CLOSED', 'ALERT_CLOSED_AUTOMATICALLY', 'MEASURE_ENTERED_IN_ERROR', 'MEASURE_CORRECTED',
    'NON_COMPLIANCE_RULE_CREATED', 'NON_COMPLIANCE_RULE_UPDATED', 'NON_COMPLIANCE_RULE_DEACTIVATED',
    'NON_COMPLIANCE_RULE_EXCLUDED', 'NON_COMPLIANCE_RULE_RESTORED', 'NON_COMPLIANCE_RULE_OVERRIDDEN'],
  documents: ['DOCUMENT_ADDED', 'DOCUMENT_UPDATED', 'DOCUMENT_VIEWED', 'DOCUMENT_DOWNLOADED', 'DOCUMENT_ACKNOWLEDGED', 'DOCUMENT_EXCLUDED', 'DOCUMENT_RESTORED', 'DOCUMENT_ENTERED_IN_ERROR', 'EDUCATION_VIEWED'],
  people: ['CAREGIVER_ADDED', 'CAREGIVER_REMOVED'],
  agenda: ['APPOINTMENT_CREATED', 'APPOINTMENT_UPDATED', 'APPOINTMENT_DELETED', 'REMINDER_CREATED', 'REMINDER_UPDATED', 'REMINDER_DELETED',
    'NOTE_ADDED', 'NOTE_EDITED', 'NOTE_ARCHIVED'],
  protocols: ['PROTOCOL_ACTIVATED', 'PROTOCOL_DEACTIVATED', 'PROTOCOL_RESTORED', 'PROTOCOL_ASSIGNED'],
  other: ['OTHER'],
} as const satisfies Record<string, readonly string[]>;
export type HistoryGroup = keyof typeof HISTORY_GROUPS;

/** Every kind under its group: the groups' kinds that exist, then kinds no group names yet, under `other`. */
export function groupedKinds(kinds: readonly HistoryKind[]): { group: HistoryGroup; kinds: HistoryKind[] }[] {
  const known = new Set(kinds as readonly string[]);
  const placed = new Set<string>();
  const groups = (Object.keys(HISTORY_GROUPS) as HistoryGroup[]).map((group) => {
    const own = (HISTORY_GROUPS[group] as readonly string[]).filter((kind) => known.has(kind));
    own.forEach((kind) => placed.add(kind));
    return { group, kinds: own as HistoryKind[] };
  });
  const rest = kinds.filter((kind) => !placed.has(kind));
  groups.find((g) => g.group === 'other')!.kinds.push(...rest);
  return groups.filter((g) => g.kinds.length > 0);
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The payload's detail a sentence names, or undefined when the payload gives none. */
function detailOf(entry: HistoryEntry, t: TFunction, language: Language): Record<string, unknown> | undefined {
  const p = entry.payload;
  if (entry.kind.startsWith('FORM_')) {
    const form = text(p.formTitle) ?? text(p.formName) ?? text(p.reference);
    return form ? { form } : undefined;
  }
  switch (entry.kind) {
    case 'FILE_CLOSED': {
      const type = text(p.closingReasonType);
      const typeText = type ? t(`patientFileHistory.closingReasons.${type}`, { defaultValue: type }) : undefined;
      const reason = text(p.closingReason);
      if (typeText && reason) return { reason: t('patientFileHistory.reasonWithText', { type: typeText, text: reason }) };
      return typeText || reason ? { reason: (typeText ?? reason)! } : undefined;
    }
    case 'IDENTITY_VERIFIED': {
      const status = text(p.status);
      return status ? { status: t(`patientFileHistory.identityStatus.${status}`, { defaultValue: status }) } : undefined;
    }
    case 'IDENTITY_DOCUMENT_ADDED': case 'DOCUMENT_VIEWED': case 'EDUCATION_VIEWED': case 'DOCUMENT_ADDED': case 'DOCUMENT_DOWNLOADED': case 'DOCUMENT_ACKNOWLEDGED':
    case 'DOCUMENT_EXCLUDED': case 'DOCUMENT_RESTORED': case 'DOCUMENT_ENTERED_IN_ERROR': case 'CONDITION_ADDED': case 'CONDITION_REMOVED':
    case 'CAREGIVER_ADDED': case 'CAREGIVER_REMOVED': {
      const name = text(p.name) ?? text(p.type) ?? text(p.title);
      return name ? { name } : undefined;
    }
    case 'DOCUMENT_UPDATED': {
      // The title and which fields changed, named in the interface's language ("title, end date").
      const name = text(p.title);
      const changed = Array.isArray(p.changed) ? p.changed.filter((f): f is string => typeof f === 'string') : [];
      if (!name) return undefined;
      return { name, fields: changed.map((f) => t(`patientFileHistory.documentFields.${f}`, { defaultValue: f })).join(t('patientFileHistory.listSeparator')) };
    }
    case 'ALERT_CLOSED_AUTOMATICALLY': {
      const status = text(p.systemStatus);
      return status ? { status: t(`patientFileHistory.systemAlertStatus.${status}`, { defaultValue: status }) } : undefined;
    }
    case 'MEASURE_ENTERED_IN_ERROR': case 'MEASURE_CORRECTED': {
      // The indicator's name in each language (each locale reads its own: {{name.fr}}), the values as stored, in the interface's digits.
      if (typeof p.value !== 'number' || !p.name || typeof p.name !== 'object') return undefined;
      const number = (value: number) => formatNumber(language, value, upTo(10));
      return { name: p.name, value: number(p.value), unit: text(p.unit) ?? '', ...(typeof p.newValue === 'number' ? { newValue: number(p.newValue) } : {}) };
    }
    case 'REFERENCE_VALUE_CREATED': case 'REFERENCE_VALUE_DEACTIVATED': {
      // The value as set, never rounded (10 decimals is what measures keep), with its indicator and unit (issue 18).
      const indicator = textIn(p.indicatorName as LocalizedText | undefined, language);
      if (typeof p.value !== 'number' || !indicator) return undefined;
      return { indicator, value: formatNumber(language, p.value, upTo(10)), unit: text(p.unit) ?? '' };
    }
    default:
      return undefined;
  }
}

/** The entry as a sentence: "Questionnaire « Qualité de vie » assigned", "File closed: Transferred". */
export function historySentence(entry: HistoryEntry, t: TFunction, language: Language): string {
  const fallback = t('patientFileHistory.fallback');
  if (entry.kind === 'PROFILE_UPDATED' && entry.payload.created === true) {
    return t('patientFileHistory.kinds.PROFILE_UPDATED_created', { defaultValue: fallback });
  }
  const detail = detailOf(entry, t, language);
  return t(`patientFileHistory.kinds.${entry.kind}`, { ...detail, context: detail ? 'detail' : undefined, defaultValue: fallback });
}

/** Who did it, and for whom: "Paul Martin for Camille Martin"; the platform itself when nobody did. */
export function historyWho(entry: HistoryEntry, t: TFunction): string {
  if (!entry.actor) return t('patientFileHistory.who.platform');
  if (entry.onBehalfOf && entry.onBehalfOf.id !== entry.actor.id) {
    return t('patientFileHistory.who.onBehalfOf', { actor: entry.actor.name, patient: entry.onBehalfOf.name });
  }
  return entry.actor.name;
}
