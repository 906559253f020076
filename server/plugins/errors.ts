/**
 * The one error handler: AppError → its status and translated message; schema violations →
 * 400 naming the field, in the request's language; anything else → 500 "An error occurred",
 * never the internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import localize from 'ajv-i18n';
import { AppError, type FieldError } from '../errors.ts';
import { translator, type Language } from '../i18n/index.ts';

type AjvError = NonNullable<FastifyError['validation']>[number];

function fieldOf(error: AjvError, context: string | undefined): string {
  const base = (context ?? 'body').replace('querystring', 'query');
  const pointer = error.instancePath.split('/').filter(Boolean).join('.');
  const missing = (error.params as { missingProperty?: string; additionalProperty?: string });
  const leaf = missing.missingProperty ?? missing.additionalProperty;
  return [base, pointer, leaf].filter(Boolean).join('.');
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const t = translator(request.locale);
  const body: { code: string; message: string; field?: string; errors?: FieldError[] } = {
    code: error.code,
    message: t(`errors.${error.code}`, { ...error.params, defaultValue: t('errors.internal_error') }),
  };
  if (error.field) body.field = error.field;
  if (error.errors?.length) body.errors = error.errors;
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send(body);
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    if (error.validation) {
      const first = error.validation[0]!;
      const language: Language = request.locale;
      const copy = [{ ...first }] as Parameters<typeof localize.fr>[0];
      (localize[language] ?? localize.en)(copy);
      const field = fieldOf(first, error.validationContext);
      return sendError(request, reply, new AppError(400, 'validation_error', { field, reason: copy?.[0]?.message ?? first.message ?? '' }, field));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendError(request, reply, new AppError(413, 'payload_too_large'));
    if (status === 415) return sendError(request, reply, new AppError(415, 'unsupported_media_type'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON...): a stable code, the message of the framework.
      return reply.code(status).send({ code: (error.code ?? 'bad_request').toLowerCase(), message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError(500, 'internal_error'));
  });
}, { name: 'errors', dependencies: ['locale'] });
