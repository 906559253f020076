/**
 * Provisions the demo world on the first start of an empty database, in one transaction.
 * Idempotent: a database that already has users, or was provisioned before, is left alone.
 */
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  caregivers, consents, establishmentMembers, establishments, patientFileHistory, patientFiles, serviceMembers, services,
  systemState, users,
} from '../db/schema.ts';
import { hashPassword } from '../shared/passwords.ts';
import { DEMO_ACCOUNTS, DEMO_ESTABLISHMENTS, DEMO_PASSWORD, type DemoAccount } from './accounts.ts';
import type { HistoryKind } from '../../schemas/history.ts';
import { policies, type Grants } from '../care/access.ts';
import { provisionPopulation } from './population.ts';
import { provisionTelemonitoringCatalogue } from './telemonitoring-catalogue.ts';

const STATE_KEY = 'demo_provisioned_at';

/** A demo account's grants keyed by establishment key and service reference (`azur/Cardiologie`), as the policies read them. */
const demoGrants = (a: DemoAccount): Grants => ({
  establishments: a.establishmentPrivileges ?? {},
  services: Object.fromEntries(Object.entries(a.servicePrivileges ?? {})
    .map(([ref, privileges]) => [ref, { establishmentId: ref.split('/')[0]!, privileges: privileges ?? [] }])),
});

export async function provisionDemo(db: Db, now: Date = new Date()): Promise<'provisioned' | 'skipped'> {
  const [state] = await db.select().from(systemState).where(eq(systemState.key, STATE_KEY));
  const [userCount] = await db.select({ n: count() }).from(users);
  if (state || (userCount?.n ?? 0) > 0) return 'skipped';

  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    const serviceIds = new Map<string, string>();
    const establishmentIds = new Map<string, string>();
    for (const e of DEMO_ESTABLISHMENTS) {
      const [row] = await tx.insert(establishments).values({
        identifier: e.identifier, name: e.name, brand: e.brand, professionalDirectoryEnabled: e.professionalDirectoryEnabled,
      }).returning({ id: establishments.id });
      establishmentIds.set(e.key, row!.id);
      for (const name of e.services) {
        const [s] = await tx.insert(services).values({ establishmentId: row!.id, name }).returning({ id: services.id });
        serviceIds.set(`${e.key}/${name}`, s!.id);
      }
    }

    const userIds = new Map<string, string>();
    const fileIds = new Map<string, string>();
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      const cgu = a.cgu === false ? null : now;
      const personalData = a.personalData === false ? null : now;
      const [u] = await tx.insert(users).values({
        email: a.email, passwordHash: hashes[i]!, roles: a.roles, firstName: a.firstName, lastName: a.lastName, birthDate: a.birthDate ?? null,
        language: a.language ?? 'fr', cguAcceptedAt: cgu, personalDataConsentAt: personalData,
      }).returning({ id: users.id });
      const userId = u!.id;
      userIds.set(a.email, userId);
      if (cgu) await tx.insert(consents).values({ userId, kind: 'CGU', grantedAt: cgu, recordedBy: userId });
      if (personalData) await tx.insert(consents).values({ userId, kind: 'PERSONAL_DATA_USE', grantedAt: personalData, recordedBy: userId });
      for (const [key, privileges] of Object.entries(a.establishmentPrivileges ?? {})) {
        await tx.insert(establishmentMembers).values({ establishmentId: establishmentIds.get(key)!, userId, privileges: privileges! });
      }
      for (const [ref, privileges] of Object.entries(a.servicePrivileges ?? {})) {
        await tx.insert(serviceMembers).values({ serviceId: serviceIds.get(ref)!, userId, privileges: privileges! });
      }
      for (const [n, f] of (a.files ?? []).entries()) {
        const created = new Date(now.getTime() - (90 - n * 20) * 86_400_000);
        const [file] = await tx.insert(patientFiles).values({
          patientId: userId, serviceId: serviceIds.get(f.service)!, status: f.status, createdAt: created,
          startDate: created.toISOString().slice(0, 10),
          closedAt: f.status === 'CLOSED' ? new Date(now.getTime() - 7 * 86_400_000) : null,
          closingReasonType: f.closingReasonType ?? null, closingReason: f.closingReason ?? null,
        }).returning({ id: patientFiles.id });
        fileIds.set(`${a.email}#${n}`, file!.id);
        if (f.status === 'CLOSED') {
          await tx.insert(patientFileHistory).values({
            patientFileId: file!.id, type: 'FILE_CLOSED' satisfies HistoryKind, occurredAt: new Date(now.getTime() - 7 * 86_400_000),
            payload: { closingReasonType: f.closingReasonType, closingReason: f.closingReason },
          });
        }
      }
    }
    for (const a of DEMO_ACCOUNTS) {
      for (const patientEmail of a.caregiverOf ?? []) {
        const patientFileId = fileIds.get(`${patientEmail}#0`)!;
        const patientId = userIds.get(patientEmail)!;
        await tx.insert(caregivers).values({ patientFileId, userId: userIds.get(a.email)!, addedBy: patientId });
        await tx.insert(patientFileHistory).values({
          patientFileId, type: 'CAREGIVER_ADDED' satisfies HistoryKind, actorId: patientId, payload: { userId: userIds.get(a.email), name: `${a.firstName} ${a.lastName}`, newAccount: false },
        });
      }
    }
    // The demo population (population.ts): patients, notes, caregivers, conditions and history, acted on
    // by the demo professionals who open each establishment's files.
    const professionals = new Map(DEMO_ESTABLISHMENTS.map((e) => [e.key, DEMO_ACCOUNTS
      .filter((a) => policies.patientData.inEstablishment({ roles: a.roles, grants: demoGrants(a) }, e.key))
      .map((a) => userIds.get(a.email)!)]));
    await provisionPopulation(tx, { now, establishmentIds, serviceIds, professionals });
    // The telemonitoring catalogue: the prescriber is called for urgent alerts of Cardiologie, the
    // operator for every level of every CHU Azur service.
    const onCall = (email: string, level: 'urgent' | 'watch' | 'info', service: string) => ({
      personId: userIds.get(email)!, level, serviceId: serviceIds.get(service)!,
    });
    const azurServices = DEMO_ESTABLISHMENTS[0].services.map((name) => `azur/${name}`);
    await provisionTelemonitoringCatalogue(tx, establishmentIds.get('azur')!, [
      onCall(DEMO_ACCOUNTS.find((a) => a.email.startsWith('prescriber@'))!.email, 'urgent', 'azur/Cardiologie'),
      ...azurServices.flatMap((service) => (['urgent', 'watch', 'info'] as const)
        .map((level) => onCall(DEMO_ACCOUNTS.find((a) => a.email.startsWith('operator@'))!.email, level, service))),
    ]);
    await provisionTelemonitoringCatalogue(tx, establishmentIds.get('tilleuls')!, []);
    await tx.insert(systemState).values({ key: STATE_KEY, value: now.toISOString() });
  });
  return 'provisioned';
}
