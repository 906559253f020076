import type { FastifyInstance } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { errorResponses, localeOnlyQuerySchema, pageOf, pageQuerySchema } from '../../../schemas/common.ts';
import {
  meSchema, passwordChangeBodySchema, patientFileSummarySchema, privilegesResponseSchema, saveLanguageQuerySchema,
  timezoneBodySchema, TIMEZONE_AUTOMATIC, type Me, type PasswordChangeBody, type TimezoneBody,
} from '../../../schemas/me.ts';
import { badRequest } from '../../errors.ts';
import { markIdentityChanged } from '../../identity.ts';
import { isTimeZone } from '../../plugins/locale.ts';
import { listPrivileges, meRepository } from './repository.ts';
import { patientFilesRepository } from '../patient-files/repository.ts';

const noContent = { 204: { type: 'null' }, ...errorResponses } as const;
const tags = ['me'];

export default async function meRoutes(app: FastifyInstance) {
  const repo = (request: { identity: import('../../identity.ts').Identity | undefined }) =>
    meRepository(app.db, request.identity!, app.now);

  app.get('/me', {
    exposeHeadRoute: false,
    schema: { tags, summary: 'The current user; extends the session', querystring: localeOnlyQuerySchema, response: { 200: meSchema, ...errorResponses } },
  }, async (request): Promise<Me> => {
    const { user } = request.identity!;
    return {
      id: user.id, email: user.email, roles: user.roles as Me['roles'], firstName: user.firstName, lastName: user.lastName,
      usedFirstName: user.usedFirstName, usedName: user.usedName, language: user.language,
      selectedTimezone: user.selectedTimezone, timezone: request.timeZone,
      cguAcceptedAt: user.cguAcceptedAt, personalDataConsentAt: user.personalDataConsentAt,
    };
  });

  app.head<{ Querystring: FromSchema<typeof saveLanguageQuerySchema> }>('/me', {
    schema: { tags, summary: 'Saves the language given in query l', querystring: saveLanguageQuerySchema, response: noContent },
  }, async (request, reply) => {
    const { l } = request.query;
    if (!l) throw badRequest('language_required', {}, 'query.l');
    if (await repo(request).saveLanguage(l)) markIdentityChanged(reply, request.identity!.user.id);
    return reply.code(204).send();
  });

  app.put<{ Body: TimezoneBody }>('/me/timezone', {
    schema: { tags, summary: "Chooses the session time zone ('automatic' or IANA)", querystring: localeOnlyQuerySchema, body: timezoneBodySchema, response: noContent },
  }, async (request, reply) => {
    const zone = request.body.selectedTimezone;
    if (zone !== TIMEZONE_AUTOMATIC && !isTimeZone(zone)) throw badRequest('invalid_timezone', { zone }, 'body.selectedTimezone');
    if (await repo(request).saveTimezone(zone)) markIdentityChanged(reply, request.identity!.user.id);
    return reply.code(204).send();
  });

  for (const [path, kind, summary] of [
    ['/me/terms-acceptance', 'CGU', 'Accepts the terms of use (CGU)'],
    ['/me/personal-data-consent', 'PERSONAL_DATA_USE', 'Consents to the use of personal data'],
  ] as const) {
    app.post(path, { schema: { tags, summary, querystring: localeOnlyQuerySchema, response: noContent } }, async (request, reply) => {
      await repo(request).recordConsent(kind, request.headers['user-agent']);
      markIdentityChanged(reply, request.identity!.user.id);
      return reply.code(204).send();
    });
  }

  app.put<{ Body: PasswordChangeBody }>('/me/password', {
    schema: { tags, summary: 'Changes the password and ends every session of the user', querystring: localeOnlyQuerySchema, body: passwordChangeBodySchema, response: noContent },
  }, async (request, reply) => {
    const { currentPassword, newPassword, confirmation } = request.body;
    if (newPassword !== confirmation) throw badRequest('password_confirmation_mismatch', {}, 'body.confirmation');
    await repo(request).changePassword(currentPassword, newPassword);
    markIdentityChanged(reply, request.identity!.user.id);
    return reply.code(204).send();
  });

  app.get('/me/privileges', {
    schema: { tags, summary: 'Privileges per establishment and per service', querystring: localeOnlyQuerySchema, response: { 200: privilegesResponseSchema, ...errorResponses } },
  }, async (request) => listPrivileges(app.db, request.identity!.user.id));

  app.get<{ Querystring: FromSchema<typeof pageQuerySchema> }>('/me/patient_files', {
    schema: { tags, summary: "The user's own patient files and those they follow as a caregiver", querystring: pageQuerySchema, response: { 200: pageOf(patientFileSummarySchema), ...errorResponses } },
  }, async (request) => {
    const { page = 1, pageSize = 15 } = request.query;
    const result = await patientFilesRepository(app.db, request.identity!).listPatientSide(page, pageSize);
    return { ...result, page, pageSize };
  });
}
