/**
 * The platform's side of the national digital-identity service (issue 10, spec 001 §5): one object with
 * `search` and `verify`, given the service's address (the real service, or the simulator in demo mode and
 * tests). Every failure becomes a stable outcome, never an exception, so the care route can write each
 * search, verification and failure to the patient-file history.
 */
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import {
  identitySearchAnswerSchema,
  identitySearchRequestSchema,
  identityServiceErrorAnswerSchema,
  identityVerifyAnswerSchema,
  identityVerifyRequestSchema,
  type IdentityFailure,
  type IdentitySearchAnswer,
  type IdentitySearchOutcome,
  type IdentitySearchRequest,
  type IdentityServiceErrorAnswer,
  type IdentityVerifyAnswer,
  type IdentityVerifyOutcome,
  type IdentityVerifyRequest,
} from '../../schemas/identity-service.ts';

export interface IdentityServiceOptions {
  /** Longest wait for an answer, body included; past it the outcome is `timeout`. */
  timeoutMs?: number;
}

export interface IdentityService {
  search(request: IdentitySearchRequest): Promise<IdentitySearchOutcome>;
  verify(request: IdentityVerifyRequest): Promise<IdentityVerifyOutcome>;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
const checkSearchRequest = ajv.compile(identitySearchRequestSchema);
const checkVerifyRequest = ajv.compile(identityVerifyRequestSchema);
const checkSearchAnswer = ajv.compile(identitySearchAnswerSchema);
const checkVerifyAnswer = ajv.compile(identityVerifyAnswerSchema);
const checkErrorAnswer = ajv.compile(identityServiceErrorAnswerSchema);

/** The fields a request got wrong, by name: `birthName` for a missing one as for a malformed one. */
function invalidFields(errors: ErrorObject[] | null | undefined): string[] {
  const fields = (errors ?? []).map((e) =>
    e.keyword === 'required'
      ? String((e.params as { missingProperty: string }).missingProperty)
      : e.instancePath.replace(/^\//, '') || String((e.params as { additionalProperty?: string }).additionalProperty ?? ''),
  );
  return [...new Set(fields.filter((f) => f !== ''))];
}

export function identityService(baseUrl: string, options: IdentityServiceOptions = {}): IdentityService {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const base = baseUrl.replace(/\/+$/, '');

  /** POSTs the request; the answer's JSON and status, or the failure. */
  async function call(path: string, body: unknown): Promise<{ status: number; json: unknown } | IdentityFailure> {
    try {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return { outcome: 'service_error', detail: `HTTP ${response.status}, not JSON` };
      }
      return { status: response.status, json };
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') return { outcome: 'timeout' };
      const cause = error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.message) : String(error);
      return { outcome: 'service_error', detail: `unreachable: ${cause}` };
    }
  }

  /** A non-200 answer, or one outside the contract, is the service's failure. */
  function failure(status: number, json: unknown): IdentityFailure {
    if (checkErrorAnswer(json)) {
      const answer = json as IdentityServiceErrorAnswer;
      return { outcome: 'service_error', detail: `HTTP ${status} ${answer.code}: ${answer.message}` };
    }
    return { outcome: 'service_error', detail: status === 200 ? 'answer outside the contract' : `HTTP ${status}` };
  }

  return {
    async search(request) {
      if (!checkSearchRequest(request)) return { outcome: 'invalid_request', fields: invalidFields(checkSearchRequest.errors) };
      const result = await call('/identities/search', request);
      if ('outcome' in result) return result;
      if (result.status !== 200 || !checkSearchAnswer(result.json)) return failure(result.status, result.json);
      const answer = result.json as IdentitySearchAnswer;
      switch (answer.status) {
        case 'found':
          return { outcome: 'found', identity: answer.identity };
        case 'not_found':
          return { outcome: 'not_found' };
        case 'several_matches':
          return { outcome: 'several_matches', count: answer.count };
      }
    },

    async verify(request) {
      if (!checkVerifyRequest(request)) return { outcome: 'invalid_request', fields: invalidFields(checkVerifyRequest.errors) };
      const result = await call('/identities/verify', request);
      if ('outcome' in result) return result;
      if (result.status !== 200 || !checkVerifyAnswer(result.json)) return failure(result.status, result.json);
      const answer = result.json as IdentityVerifyAnswer;
      return answer.status === 'verified' ? { outcome: 'verified', identity: answer.identity } : { outcome: 'not_verified' };
    },
  };
}
