/**
 * The alerts list's sorts and filters as the address carries them, and the query they make. Sorts
 * are the server's (schemas/alerts.ts). The state filter shows the pending alerts when absent
 * (`?status=CLOSED`, `?status=ALL`), so the plain address is what needs attention.
 */
import { ALERT_DEFAULT_SORT, ALERT_SORT_FIELDS, alertListQuerySchema, type AlertSort } from '../../../schemas/alerts.ts';
import { isUuid, sortValues } from '../../../schemas/common.ts';
import type { AlertListRequest } from '../../lib/alerts/get-alerts.ts';
import type { ListDefinition, ListState } from '../../lib/ui/data-table/list-state.ts';

export const ALERT_FILTERS = ['status', 'level', 'service', 'patient', 'from', 'to'] as const;
export type AlertFilter = (typeof ALERT_FILTERS)[number];
export const ALERT_STATUS_CHOICES = ['PENDING', 'CLOSED', 'ALL'] as const;
export type AlertStatusChoice = (typeof ALERT_STATUS_CHOICES)[number];

export const alertList: ListDefinition<AlertSort, AlertFilter> = {
  sorts: sortValues(ALERT_SORT_FIELDS),
  defaultSort: ALERT_DEFAULT_SORT,
  filters: ALERT_FILTERS,
};

const isDay = (value: string | undefined): value is string => value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value);

export function statusChoice(state: Pick<ListState<string, AlertFilter>, 'filters'>): AlertStatusChoice {
  const value = state.filters.status[0];
  return value === 'CLOSED' || value === 'ALL' ? value : 'PENDING';
}

export function alertQuery(state: ListState<AlertSort, AlertFilter>): AlertListRequest {
  const choice = statusChoice(state);
  const levelIds = state.filters.level.filter(isUuid);
  const serviceIds = state.filters.service.filter(isUuid);
  const patient = state.filters.patient[0]?.trim().slice(0, alertListQuerySchema.properties.patient.maxLength);
  const [from, to] = [state.filters.from[0], state.filters.to[0]];
  return {
    page: state.page,
    pageSize: state.pageSize as AlertListRequest['pageSize'],
    sort: state.sort,
    ...(choice === 'ALL' ? {} : { status: choice }),
    ...(levelIds.length ? { levelIds } : {}),
    ...(serviceIds.length ? { serviceIds } : {}),
    ...(patient ? { patient } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
  };
}
