/**
 * The indicators tab's calls: chart displays, the customizable indicators (thresholds in force,
 * reference values, rules), the value table and its settings, and the changes of slices B and D
 * (thresholds, reference values, non-compliance rules), and a value marked entered in error. A change makes the tab's reads, the
 * file's monitoring (series carry thresholds) and its history stale.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boundaryRoutes, referenceValueRoutes } from '../../../../schemas/api/boundaries.ts';
import type { BodyOf } from '../../../../schemas/api/contract.ts';
import { chartDisplaysQueryOptions, valueTableQueryOptions } from '../../../blocks/value-tables/queries.ts';
import { chartDisplayRoutes, customizableIndicatorRoutes, valueTableRoutes } from '../../../../schemas/api/indicators-tab.ts';
import { nonComplianceRoutes } from '../../../../schemas/api/non-compliance.ts';
import { measureRoutes } from '../../../../schemas/api/measures.ts';
import { call } from '../../../lib/api/client.ts';
import { alertKeys, inactiveThresholdKeys, indicatorsTabKeys, monitoringKeys, patientFileKeys } from '../../../lib/api/query-keys.ts';

export const useChartDisplays = (fileId: string) => useQuery(chartDisplaysQueryOptions(fileId));

export const useCustomizableIndicators = (fileId: string) => useQuery({
  queryKey: indicatorsTabKeys.indicators(fileId),
  queryFn: ({ signal }) => call(customizableIndicatorRoutes.list, { params: { id: fileId }, query: { pageSize: 100 }, signal }),
});

export const useValueTableSettings = (fileId: string) => useQuery({
  queryKey: indicatorsTabKeys.valueTableSettings(fileId),
  queryFn: ({ signal }) => call(valueTableRoutes.settings, { params: { id: fileId }, signal }),
});

export const useValueTable = (fileId: string) => useQuery({ ...valueTableQueryOptions(fileId), placeholderData: keepPreviousData });

export const useNonComplianceRules = (fileId: string) => useQuery({
  queryKey: indicatorsTabKeys.rules(fileId),
  queryFn: ({ signal }) => call(nonComplianceRoutes.list, { params: { id: fileId }, signal }),
});

type ChartBody = BodyOf<typeof chartDisplayRoutes.create>;
export type TabChange =
  | { action: 'createChart'; body: ChartBody }
  | { action: 'updateChart'; chartDisplayId: string; body: ChartBody }
  | { action: 'excludeChart' | 'restoreChart' | 'deleteChart'; chartDisplayId: string }
  | { action: 'saveSettings'; body: BodyOf<typeof valueTableRoutes.saveSettings> }
  | { action: 'setBoundaries'; indicatorId: string; body: BodyOf<typeof boundaryRoutes.put> }
  | { action: 'resetBoundaries'; indicatorId: string }
  | { action: 'setReference'; body: BodyOf<typeof referenceValueRoutes.create> }
  | { action: 'createRule'; body: BodyOf<typeof nonComplianceRoutes.create> }
  | { action: 'deactivateRule' | 'excludeRule' | 'restoreRule'; ruleId: string }
  | { action: 'markEnteredInError'; measureId: string; body: BodyOf<typeof measureRoutes.markEnteredInError> };

function send(id: string, change: TabChange): Promise<unknown> {
  switch (change.action) {
    case 'createChart': return call(chartDisplayRoutes.create, { params: { id }, body: change.body });
    case 'updateChart': return call(chartDisplayRoutes.update, { params: { chartDisplayId: change.chartDisplayId }, body: change.body });
    case 'excludeChart': return call(chartDisplayRoutes.exclude, { params: { chartDisplayId: change.chartDisplayId } });
    case 'restoreChart': return call(chartDisplayRoutes.restore, { params: { chartDisplayId: change.chartDisplayId } });
    case 'deleteChart': return call(chartDisplayRoutes.remove, { params: { chartDisplayId: change.chartDisplayId } });
    case 'saveSettings': return call(valueTableRoutes.saveSettings, { params: { id }, body: change.body });
    case 'setBoundaries': return call(boundaryRoutes.put, { params: { id, indicatorId: change.indicatorId }, body: change.body });
    case 'resetBoundaries': return call(boundaryRoutes.remove, { params: { id, indicatorId: change.indicatorId } });
    case 'setReference': return call(referenceValueRoutes.create, { params: { id }, body: change.body });
    case 'createRule': return call(nonComplianceRoutes.create, { params: { id }, body: change.body });
    case 'deactivateRule': return call(nonComplianceRoutes.deactivate, { params: { ruleId: change.ruleId } });
    case 'excludeRule': return call(nonComplianceRoutes.exclude, { params: { ruleId: change.ruleId } });
    case 'markEnteredInError': return call(measureRoutes.markEnteredInError, { params: { id, measureId: change.measureId }, body: change.body });
    default: return call(nonComplianceRoutes.restore, { params: { ruleId: change.ruleId } });
  }
}

export function useTabChange(fileId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: TabChange) => send(fileId, change),
    onSettled: () => Promise.all([
      client.invalidateQueries({ queryKey: indicatorsTabKeys.ofFile(fileId) }),
      client.invalidateQueries({ queryKey: monitoringKeys.ofFile(fileId) }),
      client.invalidateQueries({ queryKey: patientFileKeys.history(fileId, {}).slice(0, 3) }),
      // Marking a value closes its alerts.
      client.invalidateQueries({ queryKey: alertKeys.all }),
      // The header and the dashboard say which thresholds are inactive (issue 18).
      client.invalidateQueries({ queryKey: patientFileKeys.detail(fileId), exact: true }),
      client.invalidateQueries({ queryKey: inactiveThresholdKeys.all }),
    ]),
  });
}
