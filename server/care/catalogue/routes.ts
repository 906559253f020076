/** Routes of the establishment's catalogue (schemas/api/catalogue.ts, issue 11 §1; identity-document types: schemas/api/identity.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  alertStatusRoutes, indicatorRoutes, indicatorTypeRoutes, indicatorVisibilityRoutes, interventionLevelRoutes, unitRoutes,
} from '../../../schemas/api/catalogue.ts';
import { formTypeRoutes } from '../../../schemas/api/form-types.ts';
import { identityDocumentTypeRoutes } from '../../../schemas/api/identity.ts';
import { route } from '../../http/route.ts';
import { formTypesOf } from './form-types.ts';
import { identityDocumentTypesOf } from './identity-document-types.ts';
import { indicatorsOf } from './indicators.ts';
import { catalogueRecordRoutes } from './record-routes.ts';
import { interventionLevelsOf, levelAssignmentsOf } from './levels.ts';
import { alertStatusesOf } from './statuses.ts';
import { indicatorTypesOf } from './types.ts';
import { unitsOf } from './units.ts';

const done = () => undefined;

export default async function catalogueRoutes(app: FastifyInstance) {
  // The small reference catalogues: one call each (records.ts says how to add one).
  catalogueRecordRoutes(app, indicatorTypeRoutes, indicatorTypesOf);
  catalogueRecordRoutes(app, unitRoutes, unitsOf);
  catalogueRecordRoutes(app, alertStatusRoutes, alertStatusesOf);
  catalogueRecordRoutes(app, interventionLevelRoutes, interventionLevelsOf);
  catalogueRecordRoutes(app, identityDocumentTypeRoutes, identityDocumentTypesOf);
  catalogueRecordRoutes(app, formTypeRoutes, formTypesOf);

  const indicatorsRepo = (r: FastifyRequest) => indicatorsOf(r.care);
  route(app, indicatorRoutes.list, async (r) => indicatorsRepo(r).list(r.params.id, r.query));
  route(app, indicatorRoutes.create, async (r) => indicatorsRepo(r).create(r.params.id, r.body));
  route(app, indicatorRoutes.get, async (r) => indicatorsRepo(r).get(r.params.indicatorId));
  route(app, indicatorRoutes.update, async (r) => indicatorsRepo(r).update(r.params.indicatorId, r.body));
  route(app, indicatorRoutes.delete, async (r) => indicatorsRepo(r).delete(r.params.indicatorId).then(done));
  route(app, indicatorVisibilityRoutes.get, async (r) => indicatorsRepo(r).visibility(r.params.id));
  route(app, indicatorVisibilityRoutes.set, async (r) => indicatorsRepo(r).setVisibility(r.params.id, r.body.visibleIndicatorIds));

  const assignments = (r: FastifyRequest) => levelAssignmentsOf(r.care);
  route(app, interventionLevelRoutes.assignments, async (r) => assignments(r).list(r.params.id));
  route(app, interventionLevelRoutes.professionals, async (r) => assignments(r).professionals(r.params.id));
  route(app, interventionLevelRoutes.assign, async (r) => assignments(r).assign(r.params.id, r.params.levelId, r.body.establishmentService));
  route(app, interventionLevelRoutes.unassign, async (r) => assignments(r).unassign(r.params.id, r.params.levelId, r.body.establishmentService).then(done));
}
