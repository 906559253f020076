/**
 * The records a route walk drives its calls with: a "world" around one patient file, holding a
 * record of every kind an id can name (schemas/api/record-id.ts), each reachable by the
 * professional `pro` and the patient `patient` of that file. The access matrix builds three (the
 * callers' own and two of someone else's); the concurrent-writes walk builds one per route, since
 * each route's ten calls change it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.ts';
import { alertStatuses, chartDisplays, formTypes, indicatorBoundaries, referenceValues, indicators, indicatorTypes, interventionLevels, units } from '../../../server/db/schema.ts';
import { caregivers, documents, files, messages, identityDocuments, identityDocumentTypes, users, pathologies, patientConditions, patientFileNotes, patientFiles, services } from '../../../server/db/schema.ts';
import { raiseAlerts } from '../../../server/care/alerts/raise.ts';
import { measures, nonObservanceRules, notifications } from '../../../server/db/schema.ts';
import type { RecordKind } from '../../../schemas/api/record-id.ts';
import type { Browser } from '../app.ts';
import { establishmentIdOf, userIdOf } from '../demo-data.ts';
import { sampleAnswer } from '../form-corpus.ts';
import { calls, formIdOf, MIME, PNG, uploadFile } from '../questionnaires.ts';
import { FOLLOWED_SINCE } from '../patient-files.ts';

/** One caller's own world: a valid id of each kind, in two variants (a free questionnaire, a planned one). */
export type World = Record<RecordKind, string> & { planned: { form: string; occurrence: string } };
export type Establishment = 'chu-azur' | 'clinique-des-tilleuls';

export interface WorldContext {
  db: Db;
  /** The gateway's clock: a measure is dated by it. */
  now: () => Date;
  /** Logged-in demo users by local part: `pro` and `patient` of each world must be there. */
  browsers: ReadonlyMap<string, Browser>;
}

export function worldBuilder(ctx: WorldContext) {
  const { db, browsers } = ctx;

  /** A new OPEN file of a demo patient in the given service, with caregivers if asked. */
  async function newFile(patient: string, establishment: Establishment, service: string, followers: string[] = []) {
    const [s] = await db.select({ id: services.id }).from(services)
      .where(and(eq(services.establishmentId, await establishmentIdOf(db, establishment)), eq(services.name, service)));
    const [file] = await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: await userIdOf(db, patient), serviceId: s!.id, status: 'OPEN' }).returning();
    for (const local of followers) await db.insert(caregivers).values({ patientFileId: file!.id, userId: await userIdOf(db, local) });
    return file!.id;
  }

  /** A condition on the file, of a pathology of its establishment (demo pathologies, server/demo/population.ts). */
  async function conditionOf(fileId: string, establishmentId: string) {
    const [pathology] = await db.select({ id: pathologies.id }).from(pathologies).where(eq(pathologies.establishmentId, establishmentId)).limit(1);
    const [condition] = await db.insert(patientConditions).values({ patientFileId: fileId, pathologyId: pathology!.id }).returning({ id: patientConditions.id });
    return { condition: condition!.id, pathology: pathology!.id };
  }

  /**
   * A note of the file, and a caregiver of it: the one it has (the callers' own file is followed by
   * the demo caregiver), else new.consent, who calls nothing here.
   */
  async function noteAndCaregiverOf(fileId: string, pro: string) {
    const [note] = await db.insert(patientFileNotes).values({ patientFileId: fileId, authorId: await userIdOf(db, pro), text: 'Note de suivi' })
      .returning({ id: patientFileNotes.id });
    let [follower] = await db.select({ userId: caregivers.userId }).from(caregivers).where(eq(caregivers.patientFileId, fileId));
    if (!follower) [follower] = await db.insert(caregivers).values({ patientFileId: fileId, userId: await userIdOf(db, 'new.consent') }).returning({ userId: caregivers.userId });
    return { note: note!.id, caregiver: follower!.userId };
  }

  /**
   * A person of the world's service (a new patient with an OPEN file there), an identity-document type
   * of its establishment and an identity document of that person (persons are not per establishment:
   * a demo patient may have files the caller reaches elsewhere).
   */
  async function identityOf(fileId: string, establishmentId: string, pro: string) {
    const [{ serviceId }] = await db.select({ serviceId: patientFiles.serviceId }).from(patientFiles).where(eq(patientFiles.id, fileId)) as [{ serviceId: string }];
    const [person] = await db.insert(users).values({ email: `person-${randomUUID()}@example.test`, passwordHash: 'x', roles: ['ROLE_PATIENT'], firstName: 'Anne', lastName: 'Autre' })
      .returning({ id: users.id });
    await db.insert(patientFiles).values({ startDate: FOLLOWED_SINCE, patientId: person!.id, serviceId, status: 'OPEN' });
    const [type] = await db.insert(identityDocumentTypes).values({ establishmentId, label: `Passeport ${randomUUID()}` }).returning({ id: identityDocumentTypes.id });
    const uploaderId = await userIdOf(db, pro);
    const [file] = await db.insert(files).values({ uploaderId, name: 'cni.png' }).returning({ id: files.id });
    const [doc] = await db.insert(identityDocuments).values({ personId: person!.id, establishmentId, typeId: type!.id, fileId: file!.id, uploadedBy: uploaderId })
      .returning({ id: identityDocuments.id });
    return { person: person!.id, identityDocument: doc!.id, identityDocumentType: type!.id };
  }

  /** A non-compliance rule of the file (on a demo indicator of its establishment). */
  /** A document of the file, a link a professional shared with the patient and her caregivers (every caller of the world sees it). */
  async function documentOf(fileId: string, pro: string) {
    const [doc] = await db.insert(documents).values({
      patientFileId: fileId, type: 'INFORMATION_DOCUMENT', title: 'Vidéo de présentation', externalUrl: 'https://example.org/video',
      visibleToPatient: true, visibleToCaregivers: true, source: 'professional', createdBy: await userIdOf(db, pro),
    }).returning({ id: documents.id });
    return { document: doc!.id };
  }

  /** A message of the file's conversation, from its professional (every caller of the world sees it). */
  async function messageOf(fileId: string, pro: string) {
    const [message] = await db.insert(messages).values({
      patientFileId: fileId, authorId: await userIdOf(db, pro), authorRole: 'professional', text: 'Bonjour, comment allez-vous ?',
    }).returning({ id: messages.id });
    return { message: message!.id };
  }

  async function ruleOf(fileId: string, establishment: Establishment) {
    const [indicator] = await db.select({ id: indicators.id }).from(indicators)
      .where(and(eq(indicators.establishmentId, await establishmentIdOf(db, establishment)), eq(indicators.reference, 'weight')));
    const [rule] = await db.insert(nonObservanceRules).values({ patientFileId: fileId, indicatorIds: [indicator!.id], periodInDays: 3 }).returning({ id: nonObservanceRules.id });
    return { nonComplianceRule: rule!.id };
  }

  /** A chart display of the file's indicators tab (of one of its establishment's demo indicators). */
  async function chartDisplayOf(fileId: string, establishment: Establishment) {
    const [indicator] = await db.select({ id: indicators.id }).from(indicators)
      .where(and(eq(indicators.establishmentId, await establishmentIdOf(db, establishment)), eq(indicators.reference, 'weight')));
    const [chart] = await db.insert(chartDisplays).values({ patientFileId: fileId, indicatorIds: [indicator!.id] }).returning({ id: chartDisplays.id });
    return { chartDisplay: chart!.id };
  }

  /** A threshold of the file's own and a reference value of the file (on a demo indicator of its establishment). */
  async function thresholdsOf(fileId: string, establishment: Establishment) {
    const establishmentId = await establishmentIdOf(db, establishment);
    const [indicator] = await db.select({ id: indicators.id }).from(indicators).where(and(eq(indicators.establishmentId, establishmentId), eq(indicators.reference, 'spo2')));
    const [level] = await db.select({ id: interventionLevels.id }).from(interventionLevels).where(and(eq(interventionLevels.establishmentId, establishmentId), eq(interventionLevels.rank, 1)));
    const [boundary] = await db.insert(indicatorBoundaries).values({ indicatorId: indicator!.id, patientFileId: fileId, levelId: level!.id, operator: '<', value: 85 }).returning({ id: indicatorBoundaries.id });
    const [reference] = await db.insert(referenceValues).values({ indicatorId: indicator!.id, patientFileId: fileId, value: 96 }).returning({ id: referenceValues.id });
    return { boundary: boundary!.id, referenceValue: reference!.id };
  }

  /** A value of the file the patient typed (on a demo indicator of its establishment visible to patients). */
  async function measureOf(fileId: string, establishment: Establishment, patient: string) {
    const [indicator] = await db.select({ id: indicators.id }).from(indicators)
      .where(and(eq(indicators.establishmentId, await establishmentIdOf(db, establishment)), eq(indicators.reference, 'weight')));
    const now = ctx.now();
    const [measure] = await db.insert(measures).values({
      patientFileId: fileId, indicatorId: indicator!.id, value: 70, enteredValue: 70, enteredUnit: 'kg', measuredAt: now, recordedAt: now,
      recordedBy: await userIdOf(db, patient), source: 'MANUAL',
    }).returning({ id: measures.id });
    return { measure: measure!.id };
  }

  /** A pending alert of the file, in its batch (raised as a measure would raise it). */
  async function alertOf(fileId: string) {
    const [file] = await db.select({ id: patientFiles.id, serviceId: patientFiles.serviceId }).from(patientFiles).where(eq(patientFiles.id, fileId));
    const raised = await db.transaction((tx) => raiseAlerts(tx, file!, { source: 'MEASURES' }, [{ kind: 'THRESHOLD', crossing: {} }], new Date()));
    return { alert: raised!.alertIds[0]!, alertBatch: raised!.batchId };
  }

  /** A record of each kind of the establishment's telemonitoring catalogue (indicator types, units, indicators, alert statuses, levels). */
  async function catalogueOf(establishmentId: string) {
    const tag = randomUUID();
    const [type] = await db.insert(indicatorTypes).values({ establishmentId, name: { fr: `Type ${tag}` } }).returning({ id: indicatorTypes.id });
    const [unit] = await db.insert(units).values({ establishmentId, ucumCode: 'kg', name: { fr: `Unité ${tag}` }, symbol: tag }).returning({ id: units.id });
    const [indicator] = await db.insert(indicators).values({ establishmentId, reference: `i_${tag.replaceAll('-', '_')}`, name: { fr: `Indicateur ${tag}` }, typeId: type!.id, unitId: unit!.id })
      .returning({ id: indicators.id });
    const [status] = await db.insert(alertStatuses).values({ establishmentId, name: { fr: `Statut ${tag}` } }).returning({ id: alertStatuses.id });
    const [formType] = await db.insert(formTypes).values({ establishmentId, name: { fr: `Type de formulaire ${tag}` } }).returning({ id: formTypes.id });
    const [level] = await db.insert(interventionLevels).values({ establishmentId, name: { fr: `Niveau ${tag}` }, rank: 9, colour: 'green' }).returning({ id: interventionLevels.id });
    return { indicatorType: type!.id, unit: unit!.id, indicator: indicator!.id, alertStatus: status!.id, interventionLevel: level!.id, formType: formType!.id };
  }

  /**
   * A protocol of the establishment for the file's service, applied to the file by `pro` (medical
   * protocols, issue 11 §8): the world's protocol and the file's protocol.
   */
  async function protocolOf(fileId: string, establishmentId: string, pro: string) {
    const { protocols, protocolServices } = await import('../../../server/db/schema.ts');
    const [{ serviceId }] = await db.select({ serviceId: patientFiles.serviceId }).from(patientFiles).where(eq(patientFiles.id, fileId)) as [{ serviceId: string }];
    const [protocol] = await db.insert(protocols).values({ establishmentId, name: { fr: `Protocole ${randomUUID()}` } }).returning({ id: protocols.id });
    await db.insert(protocolServices).values({ protocolId: protocol!.id, serviceId });
    const b = browsers.get(pro)!;
    const res = await b.agent.post(`/api/patient_files/${fileId}/protocols/${protocol!.id}/apply`).set('x-csrf-token', b.csrf);
    if (res.status !== 201) throw new Error(`applying the protocol: ${res.status} ${res.text}`);
    return { protocol: protocol!.id, fileProtocol: res.body.fileProtocol.id as string };
  }

  /** An in-app notification of `local` about the file: notifications are their recipient's alone. */
  async function notificationOf(local: string, fileId: string | null = null) {
    const [row] = await db.insert(notifications).values({ recipientId: await userIdOf(db, local), type: 'NEW_DOCUMENT', patientFileId: fileId })
      .returning({ id: notifications.id });
    return row!.id;
  }

  /** A YouTube item of the file's service library (therapeutic content, issue 20 §2): no bytes needed. */
  async function educationOf(serviceId: string, pro: string) {
    const { educationContents } = await import('../../../server/db/schema.ts');
    const [item] = await db.insert(educationContents).values({
      serviceId, kind: 'youtube', title: `Vidéo ${randomUUID()}`, youtubeId: 'dQw4w9WgXcQ', createdBy: await userIdOf(db, pro),
    }).returning({ id: educationContents.id });
    return { educationContent: item!.id };
  }

  const c = (local: string) => calls(browsers.get(local)!);
  const ok = async <T extends { status: number; text: string }>(res: PromiseLike<T>, status = 200) => {
    const r = await res;
    if (r.status !== status) throw new Error(`building a world: ${r.status} ${r.text}`);
    return r as T & { body: { id: string; data: { occurrenceId?: string; formId: string; status: string }[] } };
  };

  /** A file with a free and two planned questionnaires, a free answer and a planned answer with a photo. */
  async function world(fileId: string, establishment: Establishment, pro: string, patient: string): Promise<World> {
    const [phq9, hf, postOp] = await Promise.all(['PHQ-9', 'HF-DAILY', 'POST-OP'].map((ref) => formIdOf(db, establishment, ref)));
    const assignment = (await ok(c(pro).assign(fileId, phq9!))).body.id;
    await ok(c(pro).assign(fileId, hf!));
    await ok(c(pro).assign(fileId, postOp!));
    const tasks = (await ok(c(patient).tasks(fileId))).body.data as { formId: string; status: string; occurrenceId?: string }[];
    const first = (formId: string) => tasks.find((t) => t.formId === formId && t.status === 'available')!.occurrenceId!;
    const response = (await ok(c(patient).answer(fileId, { formId: phq9!, answers: sampleAnswer('phq-9') }), 201)).body.id;
    const photo = await uploadFile(browsers.get(patient)!, PNG, 'photo.png', MIME.png);
    await ok(c(patient).answer(fileId, {
      formId: postOp!, occurrenceId: first(postOp!), answers: { ...sampleAnswer('post-operative-follow-up'), woundPhoto: photo, letter: undefined },
    }), 201);
    const [{ serviceId }] = await db.select({ serviceId: patientFiles.serviceId }).from(patientFiles).where(eq(patientFiles.id, fileId)) as [{ serviceId: string }];
    return {
      patientFile: fileId, form: phq9!, assignment, occurrence: first(hf!), response, answerFile: photo,
      upload: await uploadFile(browsers.get(patient)!, PNG, 'other.png', MIME.png), establishment: await establishmentIdOf(db, establishment),
      service: serviceId, planned: { form: hf!, occurrence: first(hf!) }, ...await conditionOf(fileId, await establishmentIdOf(db, establishment)),
      ...await noteAndCaregiverOf(fileId, pro),
      ...await documentOf(fileId, pro),
      ...await messageOf(fileId, pro),
      ...await identityOf(fileId, await establishmentIdOf(db, establishment), pro),
      ...await catalogueOf(await establishmentIdOf(db, establishment)),
      ...await chartDisplayOf(fileId, establishment),
      ...await ruleOf(fileId, establishment),
      ...await alertOf(fileId),
      ...await measureOf(fileId, establishment, patient),
      ...await thresholdsOf(fileId, establishment),
      ...await protocolOf(fileId, await establishmentIdOf(db, establishment), pro),
      notification: await notificationOf(patient, fileId),
      ...await educationOf(serviceId, pro),
    };
  }

  return { newFile, world, notificationOf };
}
