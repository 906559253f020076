/**
 * Intervention levels (name unique, rank 1 the most urgent, an alert colour of spec 000 §1) and who
 * is called at which level in which service: a professional of one of the level's establishment's
 * services (404 on the field for a person or service that is not).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FromSchema } from 'json-schema-to-ts';
import type { CallableProfessional, InterventionLevel, interventionLevelBodySchema, LevelAssignment } from '../../../schemas/catalogue.ts';
import { establishmentMembers, interventionLevels, personInterventionLevels, serviceMembers, services, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { professionalOfService } from '../access.ts';
import type { CareContext } from '../context.ts';
import { catalogueRecords } from './records.ts';
import { byFrenchName, nameOf, openEstablishment, openRecord } from './scope.ts';

export const interventionLevelsOf = (care: CareContext) => catalogueRecords<InterventionLevel, FromSchema<typeof interventionLevelBodySchema>>(care, {
  table: interventionLevels,
  columns: {
    id: interventionLevels.id, establishmentId: interventionLevels.establishmentId, name: interventionLevels.name,
    rank: interventionLevels.rank, colour: interventionLevels.colour,
    inUse: sql<boolean>`exists (select 1 from indicator_boundaries b where b.level_id = "intervention_levels"."id")`.mapWith(Boolean),
  },
  // By rank, the most urgent first: the order alerts are read in.
  order: sql`${interventionLevels.rank}, ${byFrenchName(interventionLevels.name)}`,
  uniqueIndexes: { intervention_levels_name_idx: 'body.name' },
  values: (body) => ({ name: nameOf(body.name), rank: body.rank, colour: body.colour }),
  inUseCode: 'intervention_level_in_use',
  param: 'params.levelId',
});

const assignmentColumns = {
  personId: personInterventionLevels.personId, firstName: users.firstName, lastName: users.lastName,
  levelId: personInterventionLevels.levelId, serviceId: personInterventionLevels.serviceId, serviceName: services.name,
};
const assignmentsQuery = (care: CareContext) => care.db.select(assignmentColumns).from(personInterventionLevels)
  .innerJoin(users, eq(users.id, personInterventionLevels.personId))
  .innerJoin(services, eq(services.id, personInterventionLevels.serviceId))
  .innerJoin(interventionLevels, eq(interventionLevels.id, personInterventionLevels.levelId));

export function levelAssignmentsOf(care: CareContext) {
  /** The level (its establishment managed by the caller), and the service and person, of that establishment. */
  async function checked(personId: string, levelId: string, serviceId: string): Promise<void> {
    const establishmentId = await openRecord(care, interventionLevels, levelId, 'write');
    const [service] = await care.db.select({ id: services.id }).from(services)
      .where(and(eq(services.id, serviceId), eq(services.establishmentId, establishmentId)));
    if (!service) throw new AppError(404, 'not_found', {}, 'body.establishmentService');
    const [member] = await care.db.select({ ok: sql`1` }).from(users).where(and(eq(users.id, personId), professionalOfService(personId, serviceId)));
    if (!member) throw new AppError(404, 'not_found', {}, 'params.id');
  }

  return {
    /** Every assignment of the establishment, by level rank, service and person: a short list (people on call). */
    async list(establishmentId: string): Promise<LevelAssignment[]> {
      await openEstablishment(care, establishmentId, 'read');
      return assignmentsQuery(care).where(eq(interventionLevels.establishmentId, establishmentId))
        .orderBy(asc(interventionLevels.rank), asc(services.name), asc(users.lastName), asc(users.firstName), asc(users.id));
    },
    /** Members of a service of the establishment or of the establishment itself (then every service): who may be called. */
    async professionals(establishmentId: string): Promise<CallableProfessional[]> {
      await openEstablishment(care, establishmentId, 'write');
      const [viaServices, direct, all] = await Promise.all([
        care.db.select({ personId: serviceMembers.userId, serviceId: serviceMembers.serviceId }).from(serviceMembers)
          .innerJoin(services, eq(services.id, serviceMembers.serviceId)).where(eq(services.establishmentId, establishmentId)),
        care.db.select({ personId: establishmentMembers.userId }).from(establishmentMembers).where(eq(establishmentMembers.establishmentId, establishmentId)),
        care.db.select({ id: services.id }).from(services).where(eq(services.establishmentId, establishmentId)),
      ]);
      const servicesOf = new Map<string, Set<string>>();
      for (const { personId, serviceId } of viaServices) servicesOf.set(personId, (servicesOf.get(personId) ?? new Set()).add(serviceId));
      for (const { personId } of direct) servicesOf.set(personId, new Set(all.map((s) => s.id)));
      if (servicesOf.size === 0) return [];
      const people = await care.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users)
        .where(inArray(users.id, [...servicesOf.keys()])).orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
      return people.map((p) => ({ personId: p.id, firstName: p.firstName, lastName: p.lastName, serviceIds: [...servicesOf.get(p.id)!] }));
    },
    async assign(personId: string, levelId: string, serviceId: string): Promise<LevelAssignment> {
      await checked(personId, levelId, serviceId);
      await care.db.insert(personInterventionLevels).values({ personId, levelId, serviceId, createdAt: care.now() }).onConflictDoNothing();
      const [row] = await assignmentsQuery(care).where(and(eq(personInterventionLevels.personId, personId),
        eq(personInterventionLevels.levelId, levelId), eq(personInterventionLevels.serviceId, serviceId)));
      return row!;
    },
    async unassign(personId: string, levelId: string, serviceId: string): Promise<void> {
      await checked(personId, levelId, serviceId);
      await care.db.delete(personInterventionLevels).where(and(eq(personInterventionLevels.personId, personId),
        eq(personInterventionLevels.levelId, levelId), eq(personInterventionLevels.serviceId, serviceId)));
    },
  };
}
