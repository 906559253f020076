/**
 * The one way to register a route: from its contract (schemas/api/), with a handler typed from
 * it. The contract's schemas go to Fastify (validation, serialization, /openapi.json), the
 * answers' named schemas as `$ref`s to the components the openapi plugin registers.
 *
 *   route(app, patientFileRoutes.get, async (request) => care.patientFile(request.params.id).summary());
 *
 * The handler returns the success body: the status is the contract's (200, 201, or 204 with no
 * body). It may return the reply instead after sending something else itself (304, a file).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { BodyOf, ParamsOf, QueryOf, ReplyOf, RouteContract } from '../../schemas/api/contract.ts';
import { withNamedRefs } from './named-schemas.ts';

export type ContractRequest<C extends RouteContract> = FastifyRequest<{ Params: ParamsOf<C>; Querystring: QueryOf<C>; Body: BodyOf<C> }>;
export type ContractHandler<C extends RouteContract> =
  (request: ContractRequest<C>, reply: FastifyReply) => Promise<ReplyOf<C> | FastifyReply>;

/** Route options that are not part of the contract (how the server reads the request). */
export type RouteOptions = Pick<RouteShorthandOptions, 'bodyLimit' | 'exposeHeadRoute' | 'config'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's `readOnly`: a POST that stores nothing (server/care/idempotency/ leaves it alone). */
    readOnly?: boolean;
  }
}

export function route<const C extends RouteContract>(app: FastifyInstance, contract: C, handler: ContractHandler<C>, options: RouteOptions = {}): void {
  // The contract holds the address the browser calls; the instance may sit under a prefix (/api).
  if (!contract.url.startsWith(app.prefix)) throw new Error(`${contract.method} ${contract.url} registered under ${app.prefix}`);
  const success = ([200, 201, 204] as const).find((status) => status in contract.response) ?? 200;
  const { method, summary, tags, params, querystring, body, consumes, response, hide, readOnly } = contract;
  app.route({
    ...options,
    config: { ...options.config, readOnly: readOnly === true },
    method,
    url: contract.url.slice(app.prefix.length) || '/',
    // Only the parts the contract has: Fastify warns of a part given as undefined.
    schema: Object.fromEntries(Object.entries({
      summary, tags, params, querystring, body, consumes: consumes && [...consumes], response: withNamedRefs(response), hide,
    }).filter(([, value]) => value !== undefined)),
    handler: async (request, reply) => {
      if (success !== 200) reply.code(success);
      const result = await handler(request as ContractRequest<C>, reply);
      if ((result as unknown) === reply) return reply;
      // 204: nothing returned, Fastify sends the empty answer once the handler is done (and whoever
      // wraps the handler, server/care/idempotency/, has committed first).
      return success === 204 ? undefined : result;
    },
  });
}
