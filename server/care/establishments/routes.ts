import type { FastifyInstance } from 'fastify';
import { errorResponses, idParamsSchema, localeOnlyQuerySchema, pageOf, type IdParams } from '../../../schemas/common.ts';
import { establishmentListQuerySchema, establishmentSchema, type EstablishmentListQuery } from '../../../schemas/establishments.ts';
import { themeSchema } from '../../../schemas/theme.ts';
import { establishmentsRepository } from './repository.ts';

const tags = ['establishments'];

export default async function establishmentRoutes(app: FastifyInstance) {
  app.get<{ Querystring: EstablishmentListQuery }>('/establishments', {
    schema: { tags, summary: 'Structures the caller may work in', querystring: establishmentListQuerySchema, response: { 200: pageOf(establishmentSchema), ...errorResponses } },
  }, async (request) => {
    const { page = 1, pageSize = 15, sort = 'name' } = request.query;
    const result = await establishmentsRepository(app.db, request.identity!).list({ page, pageSize, sort });
    return { ...result, page, pageSize };
  });

  app.get<{ Params: IdParams }>('/establishments/:id/theme', {
    schema: { tags, summary: "An establishment's light and dark colour sets", params: idParamsSchema, querystring: localeOnlyQuerySchema, response: { 200: themeSchema, ...errorResponses } },
  }, async (request) => establishmentsRepository(app.db, request.identity!).theme(request.params.id, app.provisioned));
}
