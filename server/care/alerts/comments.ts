/**
 * An alert's comments as a thread (issue 18): a new comment is added, never replaces the one
 * before; each is read back with its author and time, oldest first. The history entry of a comment
 * (ALERT_COMMENTED) names the alert, never the text: the history is read by more people.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertComments, users } from '../../db/schema.ts';
import type { AlertComment, AlertRow, AlertWithComments } from '../../../schemas/alerts.ts';

export async function addAlertComment(tx: Db, alertId: string, text: string, authorId: string, at: Date): Promise<void> {
  await tx.insert(alertComments).values({ alertId, text, authorId, createdAt: at });
}

/** The rows with their threads: one query for all of them. */
export async function withComments(db: Db, rows: AlertRow[]): Promise<AlertWithComments[]> {
  const ids = rows.map((row) => row.id);
  const found = ids.length === 0 ? [] : await db.select({
    alertId: alertComments.alertId, id: alertComments.id, text: alertComments.text, createdAt: alertComments.createdAt,
    authorId: alertComments.authorId, authorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  }).from(alertComments).leftJoin(users, eq(users.id, alertComments.authorId))
    .where(inArray(alertComments.alertId, ids)).orderBy(asc(alertComments.createdAt), asc(alertComments.id));
  const threads = new Map<string, AlertComment[]>();
  for (const c of found) {
    const thread = threads.get(c.alertId) ?? [];
    thread.push({ id: c.id, text: c.text, createdAt: c.createdAt.toISOString(), author: c.authorId ? { id: c.authorId, name: c.authorName ?? '' } : null });
    threads.set(c.alertId, thread);
  }
  return rows.map((row) => ({ ...row, comments: threads.get(row.id) ?? [] }));
}
