/** Helpers of the /ui/layouts tests: layout documents, call paths and a CHU Azur establishment admin. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { establishmentMembers } from '../../server/db/schema.ts';
import type { Browser } from './app.ts';
import { establishmentIdOf, userIdOf } from './demo-data.ts';

export type Scope = 'establishment' | 'personal';

/** A markdown block: its text tells tests which layout they are looking at. */
export function markdown(id: string, text: string, position: Partial<{ x: number; y: number; w: number; h: number }> = {}) {
  return { id, type: 'markdown', x: 0, y: 0, w: 6, h: 2, ...position, props: { content: { fr: text, en: text } } };
}

/** A valid version-2 layout of `page` with one markdown block saying `text`. */
export function layoutDoc(page: string, text: string, blocks: object[] = [markdown('note', text)]) {
  return { $schema: '/ui/schemas/layout', id: `test-${page}`, page, schemaVersion: 2, grid: { cols: 12, rowHeight: 40 }, blocks };
}

/** The text of the first markdown block, to tell layouts apart. */
export function noteOf(document: { blocks: { type: string; props: { content?: { en?: string } } }[] }): string | undefined {
  return document.blocks.find((b) => b.type === 'markdown')?.props.content?.en;
}

const query = (structure: string, extra: Record<string, string | undefined> = {}) => {
  const params = new URLSearchParams({ structure, l: 'en' });
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) params.set(k, v);
  return params.toString();
};

export const layoutPath = (page: string, structure: string, extra: Record<string, string | undefined> = {}) =>
  `/ui/layouts/${page}?${query(structure, extra)}`;

export function getLayout(browser: Browser, page: string, structure: string, extra: Record<string, string | undefined> = {}) {
  return browser.agent.get(layoutPath(page, structure, extra));
}

export function saveLayout(browser: Browser, page: string, structure: string, scope: Scope, document: object, message = '') {
  return browser.agent.put(layoutPath(page, structure, { scope })).set('x-csrf-token', browser.csrf).send({ document, message });
}

export function listVersions(browser: Browser, page: string, structure: string, scope: Scope) {
  return browser.agent.get(`/ui/layouts/${page}/versions?${query(structure, { scope })}`);
}

export function restoreVersion(browser: Browser, page: string, structure: string, scope: Scope, version: number) {
  return browser.agent.post(`/ui/layouts/${page}/versions/${version}/restore?${query(structure, { scope })}`).set('x-csrf-token', browser.csrf);
}

export function resetLayout(browser: Browser, page: string, structure: string, scope: Scope) {
  return browser.agent.post(`/ui/layouts/${page}/reset?${query(structure, { scope })}`).set('x-csrf-token', browser.csrf);
}

/**
 * The demo world has no establishment admin at CHU Azur: superadmin@ (SUPER_ADMIN there) is
 * made one. Sessions load privileges at login, so call this before logging in.
 */
export async function makeAzurEstablishmentAdmin(db: Db, local = 'superadmin'): Promise<void> {
  const establishmentId = await establishmentIdOf(db, 'chu-azur');
  const userId = await userIdOf(db, local);
  const [row] = await db.select().from(establishmentMembers)
    .where(and(eq(establishmentMembers.establishmentId, establishmentId), eq(establishmentMembers.userId, userId)));
  if (row) {
    await db.update(establishmentMembers).set({ privileges: [...new Set([...row.privileges, 'ADMIN_ESTABLISHMENT'])] })
      .where(and(eq(establishmentMembers.establishmentId, establishmentId), eq(establishmentMembers.userId, userId)));
  } else {
    await db.insert(establishmentMembers).values({ establishmentId, userId, privileges: ['ADMIN_ESTABLISHMENT'] });
  }
}
