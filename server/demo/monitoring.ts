/**
 * Demo telemonitoring (issue 11 §9), once, after the demo questionnaires are assigned: a
 * heart-failure protocol of CHU Azur's Cardiologie applied to Camille Martin 85 days ago, the
 * demo patients' 90 days of measures (monitoring-series.ts) sent day by day and evaluated like any
 * measure (so their alerts are the thresholds' own), the older alerts dealt with by the
 * prescriber, and a non-compliance rule for the patient who stopped sending (the job raises its
 * alert at start).
 *
 * Everything goes through the care API's own functions, acting as the demo people would (the super
 * admin writes the protocol, the prescriber applies it and follows the alerts, each patient sends
 * their values), on a clock set back to when each thing happened: the history tells the story.
 */
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../db/client.ts';
import { alertStatuses, alerts, establishments, forms, indicators, interventionLevels, patientFiles, services, systemState, users } from '../db/schema.ts';
import { loadGrants } from '../care/access.ts';
import { careContext, type CareContext } from '../care/context.ts';
import { recordMeasures } from '../care/measures/record.ts';
import { createReferenceValue } from '../care/reference-values/repository.ts';
import { protocolsRepository } from '../care/protocols/repository.ts';
import { fileProtocolsRepository } from '../care/protocols/on-file.ts';
import { createRule } from '../care/non-compliance/repository.ts';
import { closeAlert, changeAlert } from '../care/alerts/changes.ts';
import { loadUserSnapshot } from '../shared/user-snapshot.ts';
import { DEMO_PATIENT_DOMAIN } from './population.ts';
import { DEMO_REFERENCE_WEIGHT, demoSeries, type DemoProfile } from './monitoring-series.ts';

const STATE_KEY = 'demo_monitoring_at';
const DAY = 86_400_000;
const demo = (local: string) => `${local}@demo.telesuivi.test`;

/** A movable clock shared by the care contexts below: each step sets it to when it happened. */
function clock(start: Date) {
  let at = start;
  return { now: () => at, set: (when: Date) => { at = when; } };
}

async function actingAs(db: Db, email: string, now: () => Date): Promise<CareContext> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const user = (await loadUserSnapshot(db, row!.id))!;
  const grants = await loadGrants(db, row!.id);
  return careContext(db, { user, grants, sessionIdHash: '', sessionExpiresIn: 1800, locale: 'fr', timeZone: 'Europe/Paris' }, now);
}

interface DemoFile { id: string; serviceId: string; patientId: string; establishmentId: string; timeZone: string; startDate: string | null; profile: DemoProfile }

/** The files the stories happen in: Camille Martin's, Yasmine Haddad's open one, and demo-population patients' picked by name order. */
async function demoFiles(db: Db): Promise<DemoFile[]> {
  const base = db.select({
    id: patientFiles.id, serviceId: patientFiles.serviceId, patientId: patientFiles.patientId, establishmentId: establishments.id,
    timeZone: establishments.timeZone, startDate: patientFiles.startDate, serviceName: services.name, email: users.email,
  }).from(patientFiles).innerJoin(users, eq(users.id, patientFiles.patientId)).innerJoin(services, eq(services.id, patientFiles.serviceId))
    .innerJoin(establishments, eq(establishments.id, services.establishmentId));
  const open = await base.where(eq(patientFiles.status, 'OPEN')).orderBy(asc(users.sortName), asc(patientFiles.id));
  const named = (email: string) => open.find((f) => f.email === email);
  const population = (serviceName: string) => open.filter((f) => f.serviceName === serviceName && f.email.endsWith(`@${DEMO_PATIENT_DOMAIN}`));
  const picks: [typeof open[number] | undefined, DemoProfile][] = [
    [named(demo('patient.open')), 'heart-failure'],
    [named(demo('patient.multi')), 'stable'],
    [population('Cardiologie')[0], 'hypertension'],
    [population('Cardiologie')[1], 'stopped-sending'],
    [population('Cardiologie')[2], 'stable'],
    [population('Pneumologie')[0], 'copd'],
  ];
  return picks.filter((p): p is [typeof open[number], DemoProfile] => p[0] !== undefined)
    .map(([f, profile]) => ({ id: f.id, serviceId: f.serviceId, patientId: f.patientId, establishmentId: f.establishmentId, timeZone: f.timeZone, startDate: f.startDate, profile }));
}

export async function provisionDemoMonitoring(db: Db, now: Date = new Date()): Promise<'provisioned' | 'skipped'> {
  const [state] = await db.select().from(systemState).where(eq(systemState.key, STATE_KEY));
  if (state) return 'skipped';
  const files = await demoFiles(db);
  const camille = files.find((f) => f.profile === 'heart-failure');
  if (!camille) return 'skipped';
  const time = clock(new Date(now.getTime() - 90 * DAY));
  const prescriber = await actingAs(db, demo('prescriber'), time.now);
  const superAdmin = await actingAs(db, demo('superadmin'), time.now);

  const indicatorIds = async (establishmentId: string) => new Map((await db.select({ id: indicators.id, reference: indicators.reference })
    .from(indicators).where(eq(indicators.establishmentId, establishmentId))).map((i) => [i.reference, i.id]));
  const azur = await indicatorIds(camille.establishmentId);
  const levels = new Map((await db.select({ id: interventionLevels.id, rank: interventionLevels.rank }).from(interventionLevels)
    .where(eq(interventionLevels.establishmentId, camille.establishmentId))).map((l) => [l.rank, l.id]));

  // 1. The heart-failure protocol of Cardiologie, written by the super admin 88 days ago.
  time.set(new Date(now.getTime() - 88 * DAY));
  const [hfForm] = await db.select({ id: forms.id }).from(forms).where(and(eq(forms.establishmentId, camille.establishmentId), eq(forms.reference, 'HF-DAILY')));
  const protocol = await protocolsRepository(superAdmin).create(camille.establishmentId, {
    name: { fr: 'Insuffisance cardiaque — télésurveillance', en: 'Heart failure — telemonitoring', ar: 'قصور القلب — المراقبة عن بعد' },
    description: {
      fr: 'Pesée quotidienne et questionnaire du matin ; alerte dès 1,5 kg au-dessus du poids de référence, urgence à 2,5 kg ; fréquence cardiaque au repos au-delà de 100.',
      en: 'Daily weighing and morning questionnaire; alert from 1.5 kg over the reference weight, urgent at 2.5 kg; resting heart rate over 100.',
      ar: 'وزن يومي واستبيان صباحي؛ تنبيه ابتداءً من 1.5 كغ فوق الوزن المرجعي، وعاجل عند 2.5 كغ؛ معدل نبض أثناء الراحة فوق 100.',
    },
    serviceIds: [camille.serviceId],
    forms: hfForm ? [{ formId: hfForm.id, planning: null }] : [],
    boundaries: [
      { indicatorId: azur.get('weight')!, levelId: levels.get(2)!, operator: '>=', mode: 'RELATIVE', value: 1.5 },
      { indicatorId: azur.get('weight')!, levelId: levels.get(1)!, operator: '>=', mode: 'RELATIVE', value: 2.5 },
      { indicatorId: azur.get('heart_rate')!, levelId: levels.get(2)!, operator: '>', value: 100, mode: 'ABSOLUTE' },
      { indicatorId: azur.get('heart_rate')!, levelId: levels.get(1)!, operator: '>', value: 130, mode: 'ABSOLUTE' },
    ],
    nonObservanceRules: [{ indicators: [azur.get('weight')!], periodInDays: 3 }],
  });

  // 2. Each file's reference weight, and the protocol applied to Camille Martin, by the prescriber 85 days ago.
  time.set(new Date(now.getTime() - 85 * DAY));
  for (const file of files) {
    const actor = file.establishmentId === camille.establishmentId ? prescriber : await actingAs(db, demo('pro.two'), time.now);
    const handle = await actor.patientFile(file.id).catch(() => undefined);
    const weight = (await indicatorIds(file.establishmentId)).get('weight');
    if (handle && weight) await createReferenceValue(actor, handle, { indicatorId: weight, value: DEMO_REFERENCE_WEIGHT[file.profile] });
  }
  await fileProtocolsRepository(prescriber).apply(camille.id, protocol.id);

  // 3. The patient who stopped sending: a weight rule of 3 days, set a month ago (the job raises its alert).
  const stopped = files.find((f) => f.profile === 'stopped-sending');
  if (stopped) {
    time.set(new Date(now.getTime() - 30 * DAY));
    await createRule(prescriber, await prescriber.patientFile(stopped.id), { indicators: [azur.get('weight')!], periodInDays: 3 });
  }

  // 4. Ninety days of values, sent each day by the patient, evaluated as they arrive.
  for (const [n, file] of files.entries()) {
    const ids = await indicatorIds(file.establishmentId);
    // A file has no value from before its follow-up started (recordMeasures refuses them).
    const start = file.startDate ? DateTime.fromISO(file.startDate, { zone: file.timeZone }).toMillis() : -Infinity;
    const series = demoSeries(now, file.profile, 1000 + n, file.timeZone).filter((m) => m.measuredAt.getTime() >= start);
    const byDay = new Map<string, typeof series>();
    for (const m of series) {
      const day = DateTime.fromJSDate(m.measuredAt, { zone: file.timeZone }).toISODate()!;
      byDay.set(day, [...(byDay.get(day) ?? []), m]);
    }
    for (const day of byDay.values()) {
      const inputs = day.filter((m) => ids.has(m.indicator)).map((m) => ({ indicatorId: ids.get(m.indicator)!, value: m.value, measuredAt: m.measuredAt }));
      await db.transaction((tx) => recordMeasures(tx, file, inputs, { userId: file.patientId, onBehalfOf: null },
        { source: 'MANUAL', at: day[day.length - 1]!.measuredAt }));
    }
  }

  // 5. The prescriber dealt with the alerts of more than five days ago: called the patient, then closed them.
  const statuses = new Map((await db.select({ id: alertStatuses.id, name: alertStatuses.name }).from(alertStatuses)
    .where(eq(alertStatuses.establishmentId, camille.establishmentId))).map((s) => [(s.name as { en: string }).en, s.id]));
  const old = await db.select({ id: alerts.id, raisedAt: alerts.raisedAt }).from(alerts)
    .where(and(inArray(alerts.patientFileId, files.filter((f) => f.establishmentId === camille.establishmentId).map((f) => f.id)),
      eq(alerts.status, 'PENDING'), lt(alerts.raisedAt, new Date(now.getTime() - 5 * DAY))))
    .orderBy(asc(alerts.raisedAt));
  for (const [i, alert] of old.entries()) {
    time.set(new Date(alert.raisedAt.getTime() + 2 * 3_600_000));
    await changeAlert(prescriber, alert.id, { alertStatusId: statuses.get('Patient called')!, comment: 'Patient joint par téléphone, symptômes revus.' });
    time.set(new Date(alert.raisedAt.getTime() + 26 * 3_600_000));
    await closeAlert(prescriber, alert.id, { alertStatusId: statuses.get(i % 3 === 2 ? 'False alarm' : 'Treatment adjusted')! });
  }
  await db.insert(systemState).values({ key: STATE_KEY, value: now.toISOString() });
  return 'provisioned';
}
