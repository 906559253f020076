/**
 * /ui/status: whether every provisioned file loaded (`ok`) or some are invalid (`degraded`), for
 * anyone (a load balancer, a status page); the files themselves (names, errors) only to those
 * who administer their scope (layouts/access.ts provisioningReach): file names and errors
 * describe an establishment's configuration.
 */
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { establishments } from '../db/schema.ts';
import { uiRoutes } from '../../schemas/api/ui.ts';
import { route } from '../http/route.ts';
import type { ProvisionedFiles } from '../shared/provisioned-files.ts';
import { provisioningReach } from './layouts/access.ts';

/** The folders of these establishments: their identifiers and their brands. */
async function scopesOf(db: Db, establishmentIds: string[]): Promise<Set<string>> {
  const rows = await db.select({ identifier: establishments.identifier, brand: establishments.brand })
    .from(establishments).where(inArray(establishments.id, establishmentIds));
  return new Set(rows.flatMap((r) => (r.brand ? [r.identifier, r.brand] : [r.identifier])));
}

export default async function statusRoutes(app: FastifyInstance, opts: { files: ProvisionedFiles; db: Db }) {
  route(app, uiRoutes.status, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await app.resolveSession(request);
    const reach = provisioningReach(session);
    // Reasons in the call's language (?l=), else the account's, as behind the session layer.
    const files = opts.files.status(request.localeFromQuery || !session ? request.locale : session.user.language);
    const status = files.some((f) => f.state === 'invalid') ? 'degraded' as const : 'ok' as const;
    if (!reach) return { status };
    if (reach === 'all') return { status, layouts: files };
    const scopes = await scopesOf(opts.db, reach.establishmentIds);
    return { status, layouts: files.filter((f) => scopes.has(f.file.split('/')[0]!)) };
  });
}
