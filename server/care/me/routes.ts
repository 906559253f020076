import type { FastifyInstance } from 'fastify';
import { meRoutes as contracts } from '../../../schemas/api/me.ts';
import { TIMEZONE_AUTOMATIC, type Me } from '../../../schemas/me.ts';
import { route } from '../../http/route.ts';
import { badRequest } from '../../errors.ts';
import { markIdentityChanged } from '../../identity.ts';
import { isTimeZone } from '../../plugins/locale.ts';
import { listPrivileges, meRepository } from './repository.ts';
import type { CareContext } from '../context.ts';
import { patientFilesRepository } from '../patient-files/repository.ts';

export default async function meRoutes(app: FastifyInstance) {
  const repo = (request: { care: CareContext }) => meRepository(request.care);

  route(app, contracts.get, async (request) => {
    const { user } = request.identity!;
    return {
      id: user.id, email: user.email, roles: user.roles as Me['roles'], firstName: user.firstName, lastName: user.lastName,
      usedFirstName: user.usedFirstName, usedName: user.usedName, language: user.language,
      selectedTimezone: user.selectedTimezone, timezone: request.timeZone,
      cguAcceptedAt: user.cguAcceptedAt, personalDataConsentAt: user.personalDataConsentAt,
    };
  }, { exposeHeadRoute: false });

  route(app, contracts.saveLanguage, async (request, reply) => {
    const { l } = request.query;
    if (!l) throw badRequest('language_required', {}, 'query.l');
    if (await repo(request).saveLanguage(l)) markIdentityChanged(reply, request.identity!.user.id);
    return undefined;
  });

  route(app, contracts.putTimezone, async (request, reply) => {
    const zone = request.body.selectedTimezone;
    if (zone !== TIMEZONE_AUTOMATIC && !isTimeZone(zone)) throw badRequest('invalid_timezone', { zone }, 'body.selectedTimezone');
    if (await repo(request).saveTimezone(zone)) markIdentityChanged(reply, request.identity!.user.id);
    return undefined;
  });

  for (const [contract, kind] of [[contracts.acceptTerms, 'CGU'], [contracts.consentPersonalData, 'PERSONAL_DATA_USE']] as const) {
    route(app, contract, async (request, reply) => {
      await repo(request).recordConsent(kind, request.headers['user-agent']);
      markIdentityChanged(reply, request.identity!.user.id);
      return undefined;
    });
  }

  route(app, contracts.changePassword, async (request, reply) => {
    await repo(request).changePassword(request.body, request.locale);
    markIdentityChanged(reply, request.identity!.user.id);
    return undefined;
  });

  route(app, contracts.privileges, async (request) => listPrivileges(request.care));

  route(app, contracts.patientFiles, async (request) => {
    const { page = 1, pageSize = 15 } = request.query;
    const result = await patientFilesRepository(request.care).listPatientSide(page, pageSize);
    return { ...result, page, pageSize };
  });
}
