/** What an alert is about, as a sentence of the interface's language: the threshold crossed, or the kind of non-compliance. */
import type { TFunction } from 'i18next';
import type { AlertRow } from '../../../schemas/alerts.ts';
import { LATE_MEASURE_MS } from '../../../schemas/measures.ts';
import { textIn } from '../../../schemas/localized-text.ts';
import { quantityText } from '../../lib/i18n/quantity.ts';
import type { Language } from '../../lib/languages.ts';

export function alertReason(alert: AlertRow, t: TFunction, language: Language): string {
  const indicator = alert.indicator ? textIn(alert.indicator.name, language) ?? alert.indicator.reference : '';
  if (alert.kind === 'THRESHOLD' && alert.indicator && alert.operator && alert.threshold !== null) {
    return t('alerts.threshold', {
      indicator, threshold: quantityText(language, alert.threshold, { operator: alert.operator, decimals: alert.indicator.decimals, unit: alert.indicator.unitSymbol }),
    });
  }
  return indicator ? `${t(`alerts.kind.${alert.kind}`)} (${indicator})` : t(`alerts.kind.${alert.kind}`);
}

/** The measured value with its unit, kept in reading order in a right-to-left sentence. */
export function alertValue(alert: AlertRow, language: Language): string {
  if (!alert.measure || !alert.indicator) return '';
  return quantityText(language, alert.measure.value, { decimals: alert.indicator.decimals, unit: alert.indicator.unitSymbol });
}

/** The alert's value reached the platform late (LATE_MEASURE_MS after it was measured): the screens say when it was measured. */
export function measuredLate(alert: Pick<AlertRow, 'measure' | 'raisedAt'>): boolean {
  return alert.measure !== null && Date.parse(alert.raisedAt) - Date.parse(alert.measure.measuredAt) > LATE_MEASURE_MS;
}
