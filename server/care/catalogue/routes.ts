/** Routes of the telemonitoring catalogue (schemas/api/catalogue.ts, issue 11 §1). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  alertStatusRoutes, indicatorRoutes, indicatorTypeRoutes, indicatorVisibilityRoutes, interventionLevelRoutes, unitRoutes,
} from '../../../schemas/api/catalogue.ts';
import { route } from '../../http/route.ts';
import { indicatorsOf } from './indicators.ts';
import { interventionLevelsOf, levelAssignmentsOf } from './levels.ts';
import { alertStatusesOf } from './statuses.ts';
import { indicatorTypesOf } from './types.ts';
import { unitsOf } from './units.ts';

const done = () => undefined;

export default async function catalogueRoutes(app: FastifyInstance) {
  const types = (r: FastifyRequest) => indicatorTypesOf(r.care);
  route(app, indicatorTypeRoutes.list, async (r) => types(r).list(r.params.id));
  route(app, indicatorTypeRoutes.create, async (r) => types(r).create(r.params.id, r.body));
  route(app, indicatorTypeRoutes.update, async (r) => types(r).update(r.params.typeId, r.body));
  route(app, indicatorTypeRoutes.delete, async (r) => types(r).delete(r.params.typeId).then(done));

  const unitsRepo = (r: FastifyRequest) => unitsOf(r.care);
  route(app, unitRoutes.list, async (r) => unitsRepo(r).list(r.params.id));
  route(app, unitRoutes.create, async (r) => unitsRepo(r).create(r.params.id, r.body));
  route(app, unitRoutes.update, async (r) => unitsRepo(r).update(r.params.unitId, r.body));
  route(app, unitRoutes.delete, async (r) => unitsRepo(r).delete(r.params.unitId).then(done));

  const indicatorsRepo = (r: FastifyRequest) => indicatorsOf(r.care);
  route(app, indicatorRoutes.list, async (r) => indicatorsRepo(r).list(r.params.id, r.query));
  route(app, indicatorRoutes.create, async (r) => indicatorsRepo(r).create(r.params.id, r.body));
  route(app, indicatorRoutes.get, async (r) => indicatorsRepo(r).get(r.params.indicatorId));
  route(app, indicatorRoutes.update, async (r) => indicatorsRepo(r).update(r.params.indicatorId, r.body));
  route(app, indicatorRoutes.delete, async (r) => indicatorsRepo(r).delete(r.params.indicatorId).then(done));
  route(app, indicatorVisibilityRoutes.get, async (r) => indicatorsRepo(r).visibility(r.params.id));
  route(app, indicatorVisibilityRoutes.set, async (r) => indicatorsRepo(r).setVisibility(r.params.id, r.body.visibleIndicatorIds));

  const statuses = (r: FastifyRequest) => alertStatusesOf(r.care);
  route(app, alertStatusRoutes.list, async (r) => statuses(r).list(r.params.id));
  route(app, alertStatusRoutes.create, async (r) => statuses(r).create(r.params.id, r.body));
  route(app, alertStatusRoutes.update, async (r) => statuses(r).update(r.params.statusId, r.body));
  route(app, alertStatusRoutes.delete, async (r) => statuses(r).delete(r.params.statusId).then(done));

  const levels = (r: FastifyRequest) => interventionLevelsOf(r.care);
  const assignments = (r: FastifyRequest) => levelAssignmentsOf(r.care);
  route(app, interventionLevelRoutes.list, async (r) => levels(r).list(r.params.id));
  route(app, interventionLevelRoutes.create, async (r) => levels(r).create(r.params.id, r.body));
  route(app, interventionLevelRoutes.update, async (r) => levels(r).update(r.params.levelId, r.body));
  route(app, interventionLevelRoutes.delete, async (r) => levels(r).delete(r.params.levelId).then(done));
  route(app, interventionLevelRoutes.assignments, async (r) => assignments(r).list(r.params.id));
  route(app, interventionLevelRoutes.professionals, async (r) => assignments(r).professionals(r.params.id));
  route(app, interventionLevelRoutes.assign, async (r) => assignments(r).assign(r.params.id, r.params.levelId, r.body.establishmentService));
  route(app, interventionLevelRoutes.unassign, async (r) => assignments(r).unassign(r.params.id, r.params.levelId, r.body.establishmentService).then(done));
}
