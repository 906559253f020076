/**
 * Resolves and serves layouts from memory (docs/architecture.md §8): the user's own layout > the
 * establishment's edited layout > the provisioned file for the establishment, then for its
 * brand > layouts/default. Each answer is a precomputed Buffer with its ETag. Edits saved
 * through this process apply at once; edits saved by another gateway are noticed within
 * `refreshMs` through a cheap fingerprint of the versions table.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { establishments } from '../../db/schema.ts';
import type { LayoutDocument } from '../../../schemas/layout.ts';
import type { ProvisionedFiles } from '../../shared/provisioned-files.ts';
import { parseLayout } from '../../shared/layouts/validate.ts';
import { compactBlocks } from '../../../schemas/layout-grid.ts';
import { layoutVersionsRepository, type LayoutTarget } from './versions.ts';

export interface ServedLayout {
  document: LayoutDocument;
  body: Buffer;
  etag: string;
  /** personal | establishment | provisioned:<scope> */
  source: string;
  version?: number;
}

interface EstablishmentRef { identifier: string; brand: string | null }

const key = (t: LayoutTarget) => `${t.establishmentId}|${t.page}|${t.ownerId ?? ''}`;

function serve(document: LayoutDocument, source: string, version?: number): ServedLayout {
  const body = Buffer.from(JSON.stringify(document));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { document, body, etag, source, version };
}

/** A layout as one audience gets it: only the blocks it may see, with its own ETag. */
export interface LayoutView { body: Buffer; etag: string }

/** Per served layout, its bodies by audience (which blocks are kept); dropped with the layout. */
const views = new WeakMap<ServedLayout, Map<string, LayoutView>>();

/**
 * The layout without the blocks `visible` rejects (visibleFor is decided by the server: a hidden
 * block's props must not reach the viewer), the others risen into the room they leave. Audiences that keep the same blocks share one body
 * and one ETag, so the ETag/304 cache stays right per audience and the bodies few.
 */
export function viewOf(served: ServedLayout, visible: (block: LayoutDocument['blocks'][number]) => boolean): LayoutView {
  const kept = served.document.blocks.map(visible);
  if (kept.every(Boolean)) return served;
  const key = kept.map((k) => (k ? '1' : '0')).join('');
  let byAudience = views.get(served);
  if (!byAudience) views.set(served, byAudience = new Map());
  let view = byAudience.get(key);
  if (!view) {
    // Settled again without the hidden blocks, as the editor would show what is left: no holes.
    const blocks = compactBlocks(served.document.blocks.filter((_, i) => kept[i]), served.document.grid.cols) as LayoutDocument['blocks'];
    const { body, etag } = serve({ ...served.document, blocks }, served.source);
    byAudience.set(key, view = { body, etag });
  }
  return view;
}

export class LayoutCatalogue {
  private heads = new Map<string, { version: number; document: LayoutDocument | null }>();
  private readonly resolved = new Map<string, ServedLayout | null>();
  private readonly establishments = new Map<string, EstablishmentRef>();
  private readonly versions;
  private fingerprint = '';
  private checkedAt = 0;
  private checking?: Promise<void>;

  private readonly db: Db;
  private readonly files: ProvisionedFiles;
  private readonly log: FastifyBaseLogger;
  private readonly options: { refreshMs: number; now: () => number };

  constructor(db: Db, files: ProvisionedFiles, log: FastifyBaseLogger, options: { refreshMs: number; now: () => number }) {
    this.db = db;
    this.files = files;
    this.log = log;
    this.options = options;
    this.versions = layoutVersionsRepository(db);
    files.onChange(() => this.resolved.clear());
  }

  async start(): Promise<void> {
    await this.reloadHeads();
    for (const e of await this.db.select({ id: establishments.id, identifier: establishments.identifier, brand: establishments.brand }).from(establishments)) {
      this.establishments.set(e.id, e);
    }
  }

  /** The layout a user sees; `personal: false` skips their own (the editor editing the establishment's). */
  async resolve(establishmentId: string, page: string, userId: string, personal = true): Promise<ServedLayout | undefined> {
    this.refreshInBackground();
    const own = personal ? this.heads.get(key({ establishmentId, page, ownerId: userId })) : undefined;
    const cacheKey = own?.document ? `${establishmentId}|${page}|${userId}` : `${establishmentId}|${page}|`;
    let served = this.resolved.get(cacheKey);
    if (served === undefined) {
      served = await this.compute(establishmentId, page, own?.document ? userId : null) ?? null;
      this.resolved.set(cacheKey, served);
    }
    return served ?? undefined;
  }

  /** The establishment exists (a back-office admin may see any establishment, but not one that is not there). */
  async exists(establishmentId: string): Promise<boolean> {
    return (await this.establishment(establishmentId)) !== undefined;
  }

  /** The provisioned layout alone (what "reset" goes back to). */
  async provisioned(establishmentId: string, page: string): Promise<ServedLayout | undefined> {
    const ref = await this.establishment(establishmentId);
    for (const scope of [ref?.identifier, ref?.brand, 'default']) {
      const file = scope ? this.files.layout(scope, page) : undefined;
      if (file) return serve(file.document, `provisioned:${scope}`);
    }
    return undefined;
  }

  async save(target: LayoutTarget, document: LayoutDocument | null, authorId: string, message: string): Promise<number> {
    const version = await this.versions.append(target, document, authorId, message);
    this.applied(target, version, document);
    return version;
  }

  async restore(target: LayoutTarget, version: number, authorId: string, message: string): Promise<number> {
    const created = await this.versions.restore(target, version, authorId, message);
    await this.reloadHeads();
    return created;
  }

  list(target: LayoutTarget) {
    return this.versions.list(target);
  }

  private applied(target: LayoutTarget, version: number, document: LayoutDocument | null) {
    // Concurrent saves may finish out of order: never go back to an older version.
    if ((this.heads.get(key(target))?.version ?? 0) > version) return;
    this.heads.set(key(target), { version, document });
    this.resolved.clear();
  }

  private async compute(establishmentId: string, page: string, ownerId: string | null): Promise<ServedLayout | undefined> {
    if (ownerId) {
      const own = this.heads.get(key({ establishmentId, page, ownerId }));
      if (own?.document) return serve(own.document, 'personal', own.version);
    }
    const edited = this.heads.get(key({ establishmentId, page, ownerId: null }));
    if (edited?.document) return serve(edited.document, 'establishment', edited.version);
    return this.provisioned(establishmentId, page);
  }

  private async establishment(id: string): Promise<EstablishmentRef | undefined> {
    if (!this.establishments.has(id)) {
      const [row] = await this.db.select({ identifier: establishments.identifier, brand: establishments.brand })
        .from(establishments).where(eq(establishments.id, id));
      if (row) this.establishments.set(id, row);
    }
    return this.establishments.get(id);
  }

  private async reloadHeads(): Promise<void> {
    const heads = new Map<string, { version: number; document: LayoutDocument | null }>();
    for (const head of await this.versions.heads()) {
      let document: LayoutDocument | null = null;
      if (head.document !== null) {
        try {
          document = parseLayout(head.document);
        } catch (error) {
          // A stored version that no longer validates falls back to the provisioned layout.
          this.log.error({ target: key(head), version: head.version, error: (error as Error).message }, 'stored layout is invalid');
        }
      }
      heads.set(key(head), { version: head.version, document });
    }
    this.heads = heads;
    this.fingerprint = await this.versions.fingerprint();
    this.checkedAt = this.options.now();
    this.resolved.clear();
  }

  private refreshInBackground(): void {
    const now = this.options.now();
    if (this.checking || now - this.checkedAt < this.options.refreshMs) return;
    this.checkedAt = now;
    this.checking = (async () => {
      if ((await this.versions.fingerprint()) !== this.fingerprint) await this.reloadHeads();
    })().catch((err) => this.log.warn({ err }, 'layout refresh failed')).finally(() => { this.checking = undefined; });
  }
}
