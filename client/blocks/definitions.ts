/** Every block type the client knows: domain blocks first, then generic ones (the palette follows this order). */
import { alertsBlock } from './alerts/index.ts';
import { connectionsActivitiesBlock } from './connections-activities/index.ts';
import { dataTableBlock } from './data-table/index.ts';
import { documentsMessagingBlock } from './documents-messaging/index.ts';
import { graphsBlock } from './graphs/index.ts';
import { inactiveThresholdsBlock } from './inactive-thresholds/index.ts';
import { indicatorChartBlock } from './indicator-chart/index.ts';
import { linkListBlock } from './link-list/index.ts';
import { markdownBlock } from './markdown/index.ts';
import { nonComplianceAlertsBlock } from './non-compliance-alerts/index.ts';
import { questionnaireLauncherBlock } from './questionnaire-launcher/index.ts';
import { schedulingContentBlock } from './scheduling-content/index.ts';
import { telemonitoringDataBlock } from './telemonitoring-data/index.ts';
import { valueTablesBlock } from './value-tables/index.ts';
import type { BlockDefinition } from './types.ts';

export const BLOCK_DEFINITIONS: readonly BlockDefinition[] = [
  alertsBlock, nonComplianceAlertsBlock, inactiveThresholdsBlock, connectionsActivitiesBlock, documentsMessagingBlock,
  graphsBlock, telemonitoringDataBlock, valueTablesBlock, schedulingContentBlock,
  markdownBlock, linkListBlock, indicatorChartBlock, dataTableBlock, questionnaireLauncherBlock,
];
