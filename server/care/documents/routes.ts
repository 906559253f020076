/**
 * Documents of a patient file (schemas/api/documents.ts, spec 001 §7): list, add, read, bytes,
 * edit, acknowledge, exclude, restore, entered in error; and prescriptions, documents of a prescription
 * type (schemas/api/prescriptions.ts): an establishment's list, renewal.
 */
import type { FastifyInstance } from 'fastify';
import { documentRoutes as contracts } from '../../../schemas/api/documents.ts';
import { prescriptionRoutes } from '../../../schemas/api/prescriptions.ts';
import { DEFAULT_PAGE_SIZE } from '../../../schemas/common.ts';
import { route } from '../../http/route.ts';
import { sendStoredFile } from '../files/send.ts';
import type { CareContext } from '../context.ts';
import { documentsRepository } from './repository.ts';
import { listPrescriptions } from './prescriptions.ts';
import { listWaitingDocuments } from './waiting.ts';

export default async function documentsRoutes(app: FastifyInstance) {
  /** The document's file through the caller's scope (404 otherwise), and the repository. */
  const open = async (care: CareContext, id: string) => ({ file: await care.patientFileOf('document', id), repo: documentsRepository(care) });

  route(app, contracts.list, async (request) => {
    const { page = 1, pageSize = DEFAULT_PAGE_SIZE, sort = '-createdAt', state = 'active', type } = request.query;
    const file = await request.care.patientFile(request.params.id);
    return documentsRepository(request.care).list(file, { page, pageSize, sort, state, type });
  });
  route(app, contracts.add, async (request) =>
    documentsRepository(request.care).add(await request.care.patientFile(request.params.id), request.body));
  route(app, contracts.waiting, async (request) => {
    const { page = 1, pageSize = DEFAULT_PAGE_SIZE, sort = 'createdAt' } = request.query;
    return listWaitingDocuments(request.care, request.params.id, { page, pageSize, sort });
  });
  route(app, contracts.get, async (request) => {
    const { file, repo } = await open(request.care, request.params.id);
    return repo.get(file, request.params.id);
  });
  route(app, contracts.view, async (request, reply) => {
    const { file, repo } = await open(request.care, request.params.id);
    const { stored, sent } = await repo.bytes(file, request.params.id, 'DOCUMENT_VIEWED');
    return sendStoredFile(reply, app.storage, stored, sent, 'view');
  });
  route(app, contracts.download, async (request, reply) => {
    const { file, repo } = await open(request.care, request.params.id);
    const { stored, sent } = await repo.bytes(file, request.params.id, 'DOCUMENT_DOWNLOADED');
    return sendStoredFile(reply, app.storage, stored, sent, 'download');
  });
  route(app, contracts.acknowledge, async (request) => {
    const { file, repo } = await open(request.care, request.params.id);
    return repo.acknowledge(file, request.params.id);
  });
  route(app, contracts.update, async (request) => {
    const { file, repo } = await open(request.care, request.params.id);
    return repo.update(file, request.params.id, request.body);
  });
  route(app, contracts.exclude, async (request) => {
    const { file, repo } = await open(request.care, request.params.id);
    return repo.exclude(file, request.params.id, true);
  });
  route(app, contracts.restore, async (request) => {
    const { file, repo } = await open(request.care, request.params.id);
    return repo.exclude(file, request.params.id, false);
  });
  route(app, prescriptionRoutes.renew, async (request) => {
    const { file, repo } = await open(request.care, request.params.id);
    return repo.renew(file, request.params.id, request.body);
  });
  route(app, prescriptionRoutes.list, async (request) => {
    const { page = 1, pageSize = DEFAULT_PAGE_SIZE, sort = 'endDate', status, type } = request.query;
    return listPrescriptions(request.care, request.params.id, { page, pageSize, sort, status, type });
  });
  route(app, contracts.delete, async (request) => {
    const { file, repo } = await open(request.care, request.params.id);
    return repo.markEnteredInError(file, request.params.id, request.body.reason);
  });
}
