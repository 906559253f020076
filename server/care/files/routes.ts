import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { fileRoutes as contracts } from '../../../schemas/api/files.ts';
import { route } from '../../http/route.ts';
import { badRequest } from '../../errors.ts';
import type { CareContext } from '../context.ts';
import { filesRepository, MAX_UPLOAD_BYTES } from './repository.ts';
import { sendStoredFile } from './send.ts';

/** A second file goes past the parser's limit of one: multipart answers 413 FST_FILES_LIMIT. */
const isFilesLimit = (error: unknown) => (error as { code?: string }).code === 'FST_FILES_LIMIT';

export default async function fileRoutes(app: FastifyInstance) {
  // One byte past the limit reaches the upload's own count (streams.ts limitBytes), which
  // refuses it as file_too_large while streaming; the parser's truncation never shows.
  await app.register(multipart, { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES + 1, fields: 5 }, throwFileSizeLimit: false });
  const repo = (request: { care: CareContext; log: FastifyBaseLogger }) => filesRepository(request.care, app.storage, app.virusScanner, request.log);

  route(app, contracts.prepare, async (request) => repo(request).prepare(request.body));

  route(app, contracts.upload, async (request) => {
    if (!request.isMultipart()) throw badRequest('file_missing', {}, 'body.file');
    const files = repo(request);
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

  route(app, contracts.update, async (request) => repo(request).update(request.params.id, request.body));

  route(app, contracts.downloadOfPatientFile, async (request, reply) =>
    sendStoredFile(reply, app.storage, await repo(request).ofPatientFile(request.params.id, request.params.fileId)));

  route(app, contracts.download, async (request, reply) => sendStoredFile(reply, app.storage, await repo(request).own(request.params.id)));
}
