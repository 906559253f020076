/**
 * /ui/layouts: resolved layouts served from memory with ETag/304, and, for editors, saving
 * new versions, listing, restoring and resetting them. Behind the same session layer as /api.
 */
import type { FastifyInstance } from 'fastify';
import { layoutRoutes as contracts } from '../../../schemas/api/ui.ts';
import type { LayoutQuery } from '../../../schemas/layout-api.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { route } from '../../http/route.ts';
import { translator } from '../../i18n/index.ts';
import { viewOf, type LayoutCatalogue } from './catalogue.ts';
import { assertCanEdit, assertCanSee, blockVisibility, editsEstablishmentLayout } from './access.ts';
import { LayoutInvalidError, parseLayout } from '../../shared/layouts/validate.ts';

export default async function layoutRoutes(app: FastifyInstance, opts: { catalogue: LayoutCatalogue }) {
  const { catalogue } = opts;
  const target = (query: LayoutQuery, page: string, userId: string) => ({
    establishmentId: query.structure, page, ownerId: query.scope === 'personal' ? userId : null,
  });

  route(app, contracts.get, async (request, reply) => {
    const session = request.session!;
    assertCanSee(session, request.query.structure);
    const { structure } = request.query;
    // The policy lets a back-office admin see every establishment: an id that names none is still not found.
    if (!(await catalogue.exists(structure))) throw notFound();
    const served = await catalogue.resolve(structure, request.params.page, session.userId, request.query.source !== 'establishment');
    if (!served) throw new AppError(404, 'layout_not_found', { page: request.params.page });
    // Its editors get the whole layout; everyone else only the blocks visibleFor lets them see.
    const view = editsEstablishmentLayout(session, structure) ? served : viewOf(served, blockVisibility(session, structure));
    reply.header('etag', view.etag).header('cache-control', 'private, no-cache').header('x-layout-source', served.source);
    if (request.headers['if-none-match'] === view.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(view.body);
  });

  route(app, contracts.save, async (request) => {
    const { page } = request.params;
    const scope = request.query.scope ?? 'establishment';
    assertCanEdit(request.session!, request.query.structure, page, scope);
    let document;
    try {
      document = parseLayout(request.body.document);
    } catch (error) {
      if (!(error instanceof LayoutInvalidError)) throw error;
      throw badRequest('layout_invalid', { path: error.path || '/', reason: error.reasonIn(request.locale) }, `body.document${error.path.replaceAll('/', '.')}`);
    }
    if (document.page !== page) throw badRequest('layout_invalid', { path: '/page', reason: `'${document.page}' ≠ '${page}'` }, 'body.document.page');
    const version = await catalogue.save(target(request.query, page, request.session!.userId), document, request.session!.userId, request.body.message ?? '');
    return { version };
  });

  route(app, contracts.versions, async (request) => {
    const scope = request.query.scope ?? 'establishment';
    assertCanEdit(request.session!, request.query.structure, request.params.page, scope);
    const rows = await catalogue.list(target(request.query, request.params.page, request.session!.userId));
    return {
      data: rows.map((r) => ({
        version: r.version, createdAt: r.createdAt.toISOString(), message: r.message, reset: r.reset,
        author: `${r.authorFirstName} ${r.authorLastName}`,
      })),
    };
  });

  route(app, contracts.restore, async (request) => {
    const { page, version } = request.params;
    const scope = request.query.scope ?? 'establishment';
    assertCanEdit(request.session!, request.query.structure, page, scope);
    const message = translator(request.locale)('layouts.restoredMessage', { version });
    return { version: await catalogue.restore(target(request.query, page, request.session!.userId), version, request.session!.userId, message) };
  });

  route(app, contracts.reset, async (request) => {
    const { page } = request.params;
    const scope = request.query.scope ?? 'establishment';
    assertCanEdit(request.session!, request.query.structure, page, scope);
    const message = translator(request.locale)('layouts.resetMessage');
    return { version: await catalogue.save(target(request.query, page, request.session!.userId), null, request.session!.userId, message) };
  });
}
