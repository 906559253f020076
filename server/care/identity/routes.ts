/** Routes of a patient's identity (schemas/api/identity.ts): the national service, documents, proofs (document types: catalogue/routes.ts). */
import type { FastifyInstance } from 'fastify';
import { identityRoutes as contracts } from '../../../schemas/api/identity.ts';
import { route } from '../../http/route.ts';
import { sendStoredFile } from '../files/send.ts';
import type { ContractRequest } from '../../http/route.ts';
import type { RouteContract } from '../../../schemas/api/contract.ts';
import { identityRepository } from './repository.ts';

export default async function identityRoutes(app: FastifyInstance) {
  const repo = <C extends RouteContract>(request: ContractRequest<C>) => identityRepository(request.care, app.identityService, request.locale);

  route(app, contracts.get, async (request) => repo(request).get(request.params.id));
  route(app, contracts.ofPatientFile, async (request) => repo(request).ofPatientFile(request.params.id));
  route(app, contracts.search, async (request) => repo(request).search(request.params.id));
  route(app, contracts.take, async (request) => repo(request).take(request.params.id));
  route(app, contracts.verify, async (request) => repo(request).verify(request.params.id));
  route(app, contracts.change, async (request) => repo(request).change(request.params.id, request.body));
  route(app, contracts.documents, async (request) => repo(request).documents(request.params.id));
  route(app, contracts.document, async (request) => repo(request).document(request.params.id, request.params.documentId));
  route(app, contracts.fromFile, async (request) =>
    repo(request).fromFile(request.params.id, request.params.typeId, request.params.fileId));
  route(app, contracts.downloadDocument, async (request, reply) => {
    const { file, viewed } = await repo(request).viewDocument(request.params.id, request.params.documentId);
    return sendStoredFile(reply, app.storage, file, viewed);
  });
}
