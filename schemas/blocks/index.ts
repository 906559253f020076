/**
 * Every block type's stable id and props schema. Ids are saved in layouts and never renamed
 * (the client registry keeps aliases for renames). The client adds names, sizes and components.
 */
import * as generic from './generic.ts';
import * as domain from './domain.ts';

export const BLOCK_PROPS = {
  markdown: generic.markdownProps,
  'link-list': generic.linkListProps,
  'indicator-chart': generic.indicatorChartProps,
  'data-table': generic.dataTableProps,
  'questionnaire-launcher': generic.questionnaireLauncherProps,
  'connections-activities': domain.connectionsActivitiesProps,
  alerts: domain.alertsProps,
  'non-compliance-alerts': domain.nonComplianceAlertsProps,
  'inactive-thresholds': domain.inactiveThresholdsProps,
  'documents-messaging': domain.documentsMessagingProps,
  graphs: domain.graphsProps,
  'scheduling-content': domain.schedulingContentProps,
  'telemonitoring-data': domain.telemonitoringDataProps,
  'value-tables': domain.valueTablesProps,
} as const;

export type BlockType = keyof typeof BLOCK_PROPS;
export const BLOCK_TYPES = Object.keys(BLOCK_PROPS) as BlockType[];
