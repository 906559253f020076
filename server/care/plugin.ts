/**
 * The care API: domain routes, one folder per domain. They expect `request.identity` to be set
 * by whoever stands in front (the session layer, or the identity-header check in split mode),
 * and reach the data through `request.care`, the caller's care context (care/context.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import { careContext, type CareContext } from './context.ts';
import meRoutes from './me/routes.ts';
import establishmentRoutes from './establishments/routes.ts';
import patientFileRoutes from './patient-files/routes.ts';
import patientFileSearchRoutes from './patient-files/search-route.ts';
import formRoutes from './forms/routes.ts';
import formVersionRoutes from './forms/versions.ts';
import fileRoutes from './files/routes.ts';
import patientRoutes from './patients/routes.ts';
import conditionRoutes from './conditions/routes.ts';
import patientFileStatusRoutes from './patient-files/status.ts';
import patientFileHistoryRoutes from './patient-file-history/routes.ts';
import notesRoutes from './notes/routes.ts';
import documentsRoutes from './documents/routes.ts';
import messagesRoutes from './messages/routes.ts';
import educationRoutes from './education/routes.ts';
import alertsRoutes from './alerts/routes.ts';
import caregiversRoutes from './caregivers/routes.ts';
import identityRoutes from './identity/routes.ts';
import catalogueRoutes from './catalogue/routes.ts';
import protocolsRoutes from './protocols/routes.ts';
import nonComplianceRoutes from './non-compliance/routes.ts';
import measuresRoutes from './measures/routes.ts';
import enteredInErrorRoutes from './measures/entered-in-error-routes.ts';
import boundariesRoutes from './boundaries/routes.ts';
import referenceValuesRoutes from './reference-values/routes.ts';
import monitoringRoutes from './monitoring/routes.ts';
import chartDisplaysRoutes from './chart-displays/routes.ts';
import valueTablesRoutes from './value-tables/routes.ts';
import eventStreamRoutes from './events/routes.ts';
import activityListRoutes from './activities/routes.ts';
import { idempotentPosts } from './idempotency/routes.ts';
import inactiveThresholdListRoutes from './inactive-thresholds/routes.ts';
import notificationsRoutes from './notifications/routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's care context, built on first use and kept for the rest of the request. */
    readonly care: CareContext;
  }
}

/** One context per request, built lazily: a route that never reads `request.care` costs nothing. */
const contexts = new WeakMap<FastifyRequest, CareContext>();

export default async function careApi(app: FastifyInstance) {
  app.decorateRequest('care', {
    getter(this: FastifyRequest): CareContext {
      let care = contexts.get(this);
      if (!care) {
        if (!this.identity) throw unauthorized('insufficient_authentication');
        care = careContext(app.db, this.identity, app.now);
        contexts.set(this, care);
      }
      return care;
    },
  });
  // Before the routes: it wraps every POST registered after it (a new one too).
  idempotentPosts(app, {
    bind: (request, db) => { contexts.set(request, careContext(db, request.identity!, app.now)); },
  });
  await app.register(meRoutes);
  await app.register(establishmentRoutes);
  await app.register(patientFileRoutes);
  await app.register(patientFileSearchRoutes);
  await app.register(formRoutes);
  await app.register(formVersionRoutes);
  await app.register(fileRoutes);
  await app.register(documentsRoutes);
  await app.register(messagesRoutes);
  await app.register(educationRoutes);
  await app.register(patientRoutes);
  await app.register(conditionRoutes);
  await app.register(patientFileStatusRoutes);
  await app.register(patientFileHistoryRoutes);
  await app.register(notesRoutes);
  await app.register(alertsRoutes);
  await app.register(caregiversRoutes);
  await app.register(identityRoutes);
  await app.register(catalogueRoutes);
  await app.register(protocolsRoutes);
  await app.register(nonComplianceRoutes);
  await app.register(measuresRoutes);
  await app.register(enteredInErrorRoutes);
  await app.register(boundariesRoutes);
  await app.register(referenceValuesRoutes);
  await app.register(monitoringRoutes);
  await app.register(chartDisplaysRoutes);
  await app.register(valueTablesRoutes);
  // The browsers' live streams, fed by the app's liveAlerts (care/alerts/live.ts, registered by whoever runs the care API).
  await app.register(eventStreamRoutes);
  await app.register(activityListRoutes);
  await app.register(inactiveThresholdListRoutes);
  await app.register(notificationsRoutes);
}
