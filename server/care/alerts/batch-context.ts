/**
 * The context of an alert batch (issue 11 §4, `/s/:structureIndex/alerts-batch/:id`): what a
 * professional reads before deciding — the batch's alerts with their values, each indicator's
 * measures around the time it was raised with the thresholds and reference value in force now
 * (effectiveBoundaries, the rule recordMeasures evaluates with), the questionnaire response that
 * carried the values, the file's latest history, and the patient's header data. Reached through the
 * batch's file (404 when the caller may not open it); professionals only.
 */
import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { alertBatches, alerts, formResponses, forms, measures, patientFiles, services, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { ALERT_CONTEXT_DAYS, ALERT_CONTEXT_HISTORY, type AlertBatchContext, type AlertLevel } from '../../../schemas/alerts.ts';
import type { CareContext } from '../context.ts';
import { effectiveBoundaries } from '../measures/boundaries.ts';
import { boundaryState, thresholdOf } from '../measures/evaluate.ts';
import { counts } from '../measures/counts.ts';
import { patientFileHistoryPage } from '../patient-file-history/history.ts';
import { withComments } from './comments.ts';
import { alertRows } from './list.ts';

const DAY_MS = 86_400_000;

export async function alertBatchContext(care: CareContext, batchId: string): Promise<AlertBatchContext> {
  const file = await care.patientFileOf('alertBatch', batchId);
  file.requireProfessional();
  const { db } = care;
  const [batch] = await db.select().from(alertBatches).where(and(eq(alertBatches.id, batchId), eq(alertBatches.patientFileId, file.id)));
  if (!batch) throw notFound();
  const from = new Date(batch.createdAt.getTime() - ALERT_CONTEXT_DAYS.before * DAY_MS);
  const to = new Date(batch.createdAt.getTime() + ALERT_CONTEXT_DAYS.after * DAY_MS);

  const [batchAlerts, [header], response, history] = await Promise.all([
    alertRows(care, eq(alerts.batchId, batch.id)).then((rows) => withComments(db, rows)),
    db.select({
      id: users.id, firstName: users.firstName, lastName: users.lastName, birthDate: users.birthDate, sex: users.sex,
      serviceId: services.id, serviceName: services.name,
    }).from(patientFiles).innerJoin(users, eq(users.id, patientFiles.patientId)).innerJoin(services, eq(services.id, patientFiles.serviceId))
      .where(eq(patientFiles.id, file.id)),
    batch.formResponseId
      ? db.select({ id: formResponses.id, formId: formResponses.formId, formName: forms.name, answeredAt: formResponses.answeredAt })
        .from(formResponses).innerJoin(forms, eq(forms.id, formResponses.formId))
        .where(and(eq(formResponses.id, batch.formResponseId), file.where.responses)).then((rows) => rows[0])
      : Promise.resolve(undefined),
    patientFileHistoryPage(care, file.id, { page: 1, pageSize: ALERT_CONTEXT_HISTORY as 10 }),
  ]);
  if (!header) throw notFound();

  const indicatorIds = [...new Set(batchAlerts.flatMap((a) => (a.indicator ? [a.indicator.id] : [])))];
  const [inForce, values] = await Promise.all([
    effectiveBoundaries(db, file.id, indicatorIds),
    indicatorIds.length
      ? db.select({ id: measures.id, indicatorId: measures.indicatorId, value: measures.value, measuredAt: measures.measuredAt }).from(measures)
        .where(and(eq(measures.patientFileId, file.id), inArray(measures.indicatorId, indicatorIds), gte(measures.measuredAt, from), lte(measures.measuredAt, to), counts))
        .orderBy(asc(measures.measuredAt), desc(measures.id))
      : Promise.resolve([]),
  ]);

  return {
    id: batch.id,
    source: batch.source,
    createdAt: batch.createdAt.toISOString(),
    patientFile: { id: file.id, status: file.status, service: { id: header.serviceId, name: header.serviceName } },
    patient: { id: header.id, firstName: header.firstName, lastName: header.lastName, birthDate: header.birthDate, sex: header.sex },
    alerts: batchAlerts,
    indicators: indicatorIds.map((indicatorId) => {
      const indicator = batchAlerts.find((a) => a.indicator?.id === indicatorId)!.indicator!;
      const force = inForce.get(indicatorId);
      return {
        indicator,
        from: from.toISOString(),
        to: to.toISOString(),
        measures: values.filter((m) => m.indicatorId === indicatorId).map((m) => ({ id: m.id, value: m.value, measuredAt: m.measuredAt.toISOString() })),
        boundaries: (force?.boundaries ?? []).map((b) => ({
          id: b.id, operator: b.operator, mode: b.mode, value: b.value,
          threshold: thresholdOf(b, force?.referenceValue) ?? null,
          ...boundaryState(b, force?.referenceValue),
          level: { ...b.level, name: b.level.name as AlertLevel['name'], colour: b.level.colour as AlertLevel['colour'] },
        })),
        referenceValue: force?.referenceValue ?? null,
      };
    }),
    response: response ? { ...response, answeredAt: response.answeredAt ? response.answeredAt.toISOString() : null } : null,
    history: history.data,
  };
}
