/**
 * A local stand-in for the national digital-identity service (issue 10): a separate Fastify app, started
 * in demo mode and by the tests, answering from fictitious people (test-identities.ts). It shares nothing
 * with the care API but the contract in schemas/identity-service.ts, so the adapter cannot tell it from
 * the real service.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import {
  identitySearchRequestSchema,
  identityVerifyRequestSchema,
  type IdentitySearchAnswer,
  type IdentitySearchRequest,
  type IdentityServiceErrorAnswer,
  type IdentityVerifyAnswer,
  type IdentityVerifyRequest,
} from '../../schemas/identity-service.ts';
import { traitsMatch } from './matching.ts';
import { TEST_IDENTITIES, type TestIdentity } from './test-identities.ts';

export interface IdentitySimulatorOptions {
  identities?: readonly TestIdentity[];
  /** How late a `slow` person's answer comes: longer than any adapter timeout by default. */
  slowAnswerMs?: number;
  logger?: boolean;
}

const serviceError: IdentityServiceErrorAnswer = {
  status: 'error',
  code: 'service_unavailable',
  message: 'The identity service is unavailable (simulated failure)',
};

export function buildIdentitySimulator(options: IdentitySimulatorOptions = {}): FastifyInstance {
  const register = (options.identities ?? TEST_IDENTITIES).filter((p) => p.registered);
  const slowAnswerMs = options.slowAnswerMs ?? 60_000;
  const app = Fastify({ logger: options.logger ?? false });

  // Late answers still pending when the simulator stops are released at once, so closing never waits on them.
  const pending = new Set<() => void>();
  const late = () =>
    new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(timer);
        pending.delete(release);
        resolve();
      };
      const timer = setTimeout(release, slowAnswerMs);
      pending.add(release);
    });
  app.addHook('onClose', async () => {
    for (const release of [...pending]) release();
  });

  app.setErrorHandler((error: { validation?: unknown; statusCode?: number; message: string }, _request, reply) => {
    const invalid = error.validation !== undefined;
    const answer: IdentityServiceErrorAnswer = {
      status: 'error',
      code: invalid ? 'invalid_request' : 'internal_error',
      message: error.message,
    };
    return reply.code(invalid ? 400 : (error.statusCode ?? 500)).send(answer);
  });

  /** The people matching the traits, or an error/late answer when one of them is there for that. */
  async function lookUp(request: IdentitySearchRequest): Promise<TestIdentity[] | 'service-error'> {
    const matches = register.filter((p) => traitsMatch(request, p.identity));
    if (matches.some((p) => p.behaviour === 'service-error')) return 'service-error';
    if (matches.some((p) => p.behaviour === 'slow')) await late();
    return matches;
  }

  app.post<{ Body: IdentitySearchRequest }>(
    '/identities/search',
    { schema: { body: identitySearchRequestSchema } },
    async (request, reply) => {
      const matches = await lookUp(request.body);
      if (matches === 'service-error') return reply.code(503).send(serviceError);
      const answer: IdentitySearchAnswer =
        matches.length === 0
          ? { status: 'not_found' }
          : matches.length === 1
            ? { status: 'found', identity: matches[0]!.identity }
            : { status: 'several_matches', count: matches.length };
      return answer;
    },
  );

  // Verified only when one registered person has these traits, this INS number (so its key) and this OID.
  app.post<{ Body: IdentityVerifyRequest }>(
    '/identities/verify',
    { schema: { body: identityVerifyRequestSchema } },
    async (request, reply) => {
      const matches = await lookUp(request.body);
      if (matches === 'service-error') return reply.code(503).send(serviceError);
      const person = matches.find((p) => p.identity.insNumber === request.body.insNumber && p.identity.oid === request.body.oid);
      const answer: IdentityVerifyAnswer = person ? { status: 'verified', identity: person.identity } : { status: 'not_verified' };
      return answer;
    },
  );

  return app;
}
