/** Props schema and new-block props of every type, for the editor only (its chunk, never a screen's). */
import type { BlockType } from '../../schemas/blocks/index.ts';
import { editing as alerts } from './alerts/editing.ts';
import { editing as connectionsActivities } from './connections-activities/editing.ts';
import { editing as inactiveThresholds } from './inactive-thresholds/editing.ts';
import { editing as dataTable } from './data-table/editing.ts';
import { editing as documentsMessaging } from './documents-messaging/editing.ts';
import { editing as graphs } from './graphs/editing.ts';
import { editing as indicatorChart } from './indicator-chart/editing.ts';
import { editing as linkList } from './link-list/editing.ts';
import { editing as markdown } from './markdown/editing.ts';
import { editing as nonComplianceAlerts } from './non-compliance-alerts/editing.ts';
import { editing as questionnaireLauncher } from './questionnaire-launcher/editing.ts';
import { editing as schedulingContent } from './scheduling-content/editing.ts';
import { editing as telemonitoringData } from './telemonitoring-data/editing.ts';
import { editing as valueTables } from './value-tables/editing.ts';
import type { BlockEditing } from './types.ts';

export const BLOCK_EDITING: Record<BlockType, BlockEditing> = {
  alerts, 'connections-activities': connectionsActivities, 'data-table': dataTable, 'documents-messaging': documentsMessaging, graphs, 'inactive-thresholds': inactiveThresholds, 'indicator-chart': indicatorChart, 'link-list': linkList, markdown, 'non-compliance-alerts': nonComplianceAlerts, 'questionnaire-launcher': questionnaireLauncher, 'scheduling-content': schedulingContent, 'telemonitoring-data': telemonitoringData, 'value-tables': valueTables,
};
