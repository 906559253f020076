/**
 * What a refused write means to the API, decided in one place. A unique index or a foreign key
 * decides (not a select before the write: two concurrent requests cannot both pass), and this
 * module turns its refusal into the caller's AppError:
 *
 *   await unique({ units_symbol_idx: 'body.symbol' }, () => db.insert(units)…)     // 409 NOT_UNIQUE_ERROR on body.symbol
 *   await unique({ users_email_lower_idx: () => emailTaken() }, () => …)         // the caller's own error
 *   await restricted(() => new AppError(409, 'unit_in_use'), () => db.delete(units)…)
 *
 * Anything else is rethrown as it was. Index names are those of server/db/schema.ts (a primary
 * key's is `<table>_<columns>_pk`).
 *
 * What no route maps still never answers 500: the error handler asks `concurrentWriteError()`
 * (server/plugins/errors.ts), a 409 with a stable code but no field — the safety net, not the way:
 * a route maps its own indexes, or serialises its writes on the owning row (issue 19).
 */
import { AppError } from '../errors.ts';

/** SQLSTATE codes (PostgreSQL, appendix A). */
export const SQLSTATE = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  /** An ON DELETE RESTRICT key: PostgreSQL 16+ (PGlite is 17) says this where 15 said 23503. */
  restrictViolation: '23001',
  /** A SERIALIZABLE or REPEATABLE READ transaction lost to a concurrent one. */
  serializationFailure: '40001',
  /** Two transactions waited for each other's row locks; PostgreSQL ended one. */
  deadlockDetected: '40P01',
} as const;

export interface DatabaseErrorFacts {
  /** The SQLSTATE. */
  code: string;
  /** The index or constraint that refused the row, when there is one. */
  constraint?: string;
}

/**
 * The database's error inside whatever wraps it: drizzle throws a DrizzleQueryError whose `cause`
 * is the driver's error (pg's DatabaseError, PGlite's own class), and a transaction may wrap once
 * more; both drivers put `code` and `constraint` on their own error, so the first error down the
 * `cause` chain carrying a SQLSTATE is it.
 */
export function databaseErrorOf(error: unknown): DatabaseErrorFacts | undefined {
  type Candidate = { code?: unknown; constraint?: unknown; cause?: unknown };
  for (let e = error as Candidate | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as Candidate, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
  }
  return undefined;
}

/** A unique index (or primary key) refused the row; when `index` is given, that one. */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const facts = databaseErrorOf(error);
  return facts?.code === SQLSTATE.uniqueViolation && (index === undefined || facts.constraint === index);
}

/** A foreign key refused the write (a referenced row missing, or a delete of one still referenced). */
export function isReferenceViolation(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code;
  return code === SQLSTATE.foreignKeyViolation || code === SQLSTATE.restrictViolation;
}

/** Unique index name → the body field it is about (409 NOT_UNIQUE_ERROR there), or the caller's own error. */
export type UniqueIndexes = Readonly<Record<string, string | (() => AppError)>>;

/** The API's error for a unique violation of one of `indexes`; undefined for any other error. */
export function uniqueViolationError(error: unknown, indexes: UniqueIndexes): AppError | undefined {
  const facts = databaseErrorOf(error);
  if (facts?.code !== SQLSTATE.uniqueViolation || !facts.constraint || !Object.hasOwn(indexes, facts.constraint)) return undefined;
  const said = indexes[facts.constraint]!;
  return typeof said === 'string' ? new AppError(409, 'NOT_UNIQUE_ERROR', {}, said) : said();
}

/** Runs a write; a unique violation of one of `indexes` becomes its error, anything else is rethrown. */
export async function unique<T>(indexes: UniqueIndexes, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw uniqueViolationError(error, indexes) ?? error;
  }
}

/** Runs a delete the foreign keys may refuse (a row written since the in-use check): the caller's "in use" error. */
export async function restricted<T>(inUse: () => AppError, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isReferenceViolation(error)) throw inUse();
    throw error;
  }
}

/**
 * The error handler's safety net for writes that met another at once and that no route mapped: a
 * unique violation (the record exists: 409 already_exists) or a transaction PostgreSQL gave up
 * (a deadlock, a serialization failure: nothing was written, 409 concurrent_change). Undefined
 * for anything else, which stays a 500.
 */
export function concurrentWriteError(error: unknown): AppError | undefined {
  const code = databaseErrorOf(error)?.code;
  if (code === SQLSTATE.uniqueViolation) return new AppError(409, 'already_exists');
  if (code === SQLSTATE.serializationFailure || code === SQLSTATE.deadlockDetected) return new AppError(409, 'concurrent_change');
  return undefined;
}
