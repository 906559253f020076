import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorResponses, idParamsSchema, localeOnlyQuerySchema, type IdParams } from '../../../schemas/common.ts';
import { filePrepareBodySchema, fileSchema, type FilePrepareBody } from '../../../schemas/form-api.ts';
import { badRequest } from '../../errors.ts';
import { filesRepository, MAX_UPLOAD_BYTES } from './repository.ts';
import { downloadHeaders } from './download.ts';

const tags = ['files'];
const patientFileFileParams = {
  type: 'object', required: ['id', 'fileId'], additionalProperties: false,
  properties: { id: { type: 'string', format: 'uuid' }, fileId: { type: 'string', format: 'uuid' } },
} as const;

/** Type, name and disposition from the bytes, sandboxed (download.ts). */
async function sendFile(reply: FastifyReply, file: { name: string; content: Buffer }) {
  return reply.headers(await downloadHeaders(file)).send(file.content);
}

export default async function fileRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 5 } });
  const repo = (request: { identity?: import('../../identity.ts').Identity }) => filesRepository(app.db, request.identity!, app.now);

  app.post<{ Body: FilePrepareBody }>('/files/prepare', {
    schema: { tags, summary: 'Prepares a file: answers its upload_url', querystring: localeOnlyQuerySchema, body: filePrepareBodySchema, response: { 200: fileSchema, ...errorResponses } },
  }, async (request) => repo(request).prepare(request.body));

  app.post<{ Params: IdParams }>('/files/:id/upload', {
    schema: { tags, summary: 'Uploads the bytes of a prepared file (multipart, one file)', params: idParamsSchema, querystring: localeOnlyQuerySchema, consumes: ['multipart/form-data'], response: { 200: fileSchema, ...errorResponses } },
  }, async (request) => {
    if (!request.isMultipart()) throw badRequest('file_missing', {}, 'body.file');
    let bytes: Buffer;
    try {
      const parts = request.files();
      const first = await parts.next();
      if (first.done) throw badRequest('file_missing', {}, 'body.file');
      bytes = await first.value.toBuffer();
      if (first.value.file.truncated) throw badRequest('file_too_large', {}, 'body.file');
      if (!(await parts.next()).done) throw badRequest('multiple_uploads', {}, 'body.file');
    } catch (error) {
      // A second file goes past the parser's limit of one: multipart answers 413 FST_FILES_LIMIT.
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest('multiple_uploads', {}, 'body.file');
      throw error;
    }
    return repo(request).upload(request.params.id, bytes);
  });

  app.put<{ Params: IdParams; Body: FilePrepareBody }>('/files/:id', {
    schema: { tags, summary: "Changes a file's name, description or visibility", params: idParamsSchema, querystring: localeOnlyQuerySchema, body: filePrepareBodySchema, response: { 200: fileSchema, ...errorResponses } },
  }, async (request) => repo(request).update(request.params.id, request.body));

  app.get<{ Params: { id: string; fileId: string } }>('/patient_files/:id/files/:fileId/download', {
    schema: { tags, summary: "A file of a patient file's questionnaire answers", params: patientFileFileParams, querystring: localeOnlyQuerySchema },
  }, async (request, reply) => sendFile(reply, await repo(request).contentOfPatientFile(request.params.id, request.params.fileId)));

  app.get<{ Params: IdParams }>('/files/:id/download', {
    schema: { tags, summary: 'The bytes of a file the caller uploaded', params: idParamsSchema, querystring: localeOnlyQuerySchema },
  }, async (request, reply) => {
    return sendFile(reply, await repo(request).content(request.params.id));
  });
}
