import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorResponses, idParamsSchema, localeOnlyQuerySchema, type IdParams } from '../../../schemas/common.ts';
import { filePrepareBodySchema, fileSchema, type FilePrepareBody } from '../../../schemas/form-api.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { Identity } from '../../identity.ts';
import { filesRepository, MAX_UPLOAD_BYTES, type StoredFile } from './repository.ts';
import { downloadHeaders } from './download.ts';
import { typedStream } from './streams.ts';

const tags = ['files'];
const patientFileFileParams = {
  type: 'object', required: ['id', 'fileId'], additionalProperties: false,
  properties: { id: { type: 'string', format: 'uuid' }, fileId: { type: 'string', format: 'uuid' } },
} as const;

/** A second file goes past the parser's limit of one: multipart answers 413 FST_FILES_LIMIT. */
const isFilesLimit = (error: unknown) => (error as { code?: string }).code === 'FST_FILES_LIMIT';

export default async function fileRoutes(app: FastifyInstance) {
  // One byte past the limit reaches the upload's own count (streams.ts limitBytes), which
  // refuses it as file_too_large while streaming; the parser's truncation never shows.
  await app.register(multipart, { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES + 1, fields: 5 }, throwFileSizeLimit: false });
  const repo = (request: { identity?: Identity }) => filesRepository(app.db, app.storage, request.identity!, app.now);

  /** Streamed from the storage: type, name and disposition from the bytes' head, sandboxed (download.ts). */
  async function sendFile(reply: FastifyReply, file: StoredFile) {
    const bytes = await app.storage.get(file.storageKey);
    if (!bytes) throw notFound();
    const { type, stream } = await typedStream(bytes);
    reply.headers(downloadHeaders(file.name, type));
    if (file.size !== null) reply.header('content-length', file.size);
    return reply.send(stream);
  }

  app.post<{ Body: FilePrepareBody }>('/files/prepare', {
    schema: { tags, summary: 'Prepares a file: answers its upload_url', querystring: localeOnlyQuerySchema, body: filePrepareBodySchema, response: { 200: fileSchema, ...errorResponses } },
  }, async (request) => repo(request).prepare(request.body));

  app.post<{ Params: IdParams }>('/files/:id/upload', {
    schema: { tags, summary: 'Uploads the bytes of a prepared file (multipart, one file), streamed to the storage', params: idParamsSchema, querystring: localeOnlyQuerySchema, consumes: ['multipart/form-data'], response: { 200: fileSchema, ...errorResponses } },
  }, async (request) => {
    if (!request.isMultipart()) throw badRequest('file_missing', {}, 'body.file');
    const files = repo(request);
    // Not found or already uploaded before a byte is read.
    await files.checkUploadable(request.params.id);
    const parts = request.files();
    try {
      const first = await parts.next();
      if (first.done) throw badRequest('file_missing', {}, 'body.file');
      try {
        return await files.upload(request.params.id, first.value.file, async () => {
          // The file is stored; a second one in the same request refuses both (and removes the first).
          if (!(await parts.next()).done) throw badRequest('multiple_uploads', {}, 'body.file');
        });
      } finally {
        // A refused upload leaves the rest of its part unread: let the parser reach the end of
        // the request, so that the answer is read by the client rather than cut.
        first.value.file.resume();
      }
    } catch (error) {
      if (isFilesLimit(error)) throw badRequest('multiple_uploads', {}, 'body.file');
      throw error;
    }
  });

  app.put<{ Params: IdParams; Body: FilePrepareBody }>('/files/:id', {
    schema: { tags, summary: "Changes a file's name, description or visibility", params: idParamsSchema, querystring: localeOnlyQuerySchema, body: filePrepareBodySchema, response: { 200: fileSchema, ...errorResponses } },
  }, async (request) => repo(request).update(request.params.id, request.body));

  app.get<{ Params: { id: string; fileId: string } }>('/patient_files/:id/files/:fileId/download', {
    schema: { tags, summary: "A file attached to something of a patient file (a questionnaire answer's photo or letter)", params: patientFileFileParams, querystring: localeOnlyQuerySchema },
  }, async (request, reply) => sendFile(reply, await repo(request).ofPatientFile(request.params.id, request.params.fileId)));

  app.get<{ Params: IdParams }>('/files/:id/download', {
    schema: { tags, summary: 'The bytes of a file the caller uploaded', params: idParamsSchema, querystring: localeOnlyQuerySchema },
  }, async (request, reply) => sendFile(reply, await repo(request).own(request.params.id)));
}
