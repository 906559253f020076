/** Alert statuses a professional sets on an alert; `closesAlert`: setting it closes the alert. Name unique. */
import type { FromSchema } from 'json-schema-to-ts';
import type { AlertStatus, alertStatusBodySchema } from '../../../schemas/catalogue.ts';
import { alertStatuses } from '../../db/schema.ts';
import type { CareContext } from '../context.ts';
import { catalogueRecords } from './records.ts';
import { byFrenchName, nameOf } from './scope.ts';

// Deleting a status alerts had is allowed: the alerts keep their history entries (which name it as it was) and lose the status (set null).
export const alertStatusesOf = (care: CareContext) => catalogueRecords<AlertStatus, FromSchema<typeof alertStatusBodySchema>>(care, {
  table: alertStatuses,
  columns: { id: alertStatuses.id, establishmentId: alertStatuses.establishmentId, name: alertStatuses.name, closesAlert: alertStatuses.closesAlert },
  order: byFrenchName(alertStatuses.name),
  uniqueIndexes: { alert_statuses_name_idx: 'body.name' },
  values: (body) => ({ name: nameOf(body.name), closesAlert: body.closesAlert }),
  param: 'params.statusId',
});
