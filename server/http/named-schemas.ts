/**
 * Named schemas (schemas/api/components.ts) registered once by `$id` and referred to by `$ref`
 * wherever a route's answer holds them, so /openapi.json lists them under components.schemas
 * and each operation points at them. Found by identity: the contracts hold the very objects.
 */
import { COMPONENTS } from '../../schemas/api/components.ts';

const NAMES = new Map<unknown, string>(Object.entries(COMPONENTS).map(([name, schema]) => [schema, name]));

function walk(node: unknown, root: unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => walk(item, root));
  if (!node || typeof node !== 'object') return node;
  const name = NAMES.get(node);
  if (name && node !== root) return { $ref: `${name}#` };
  // A nested `$id` of the source schemas (me, privileges) would clash with the component's.
  return Object.fromEntries(Object.entries(node).filter(([key]) => key !== '$id').map(([key, value]) => [key, walk(value, root)]));
}

/** A route's answers with every named schema replaced by a reference to it. */
export function withNamedRefs(response: Readonly<Record<number, unknown>>): Record<number, unknown> {
  return Object.fromEntries(Object.entries(response).map(([status, schema]) => [status, walk(schema, undefined)]));
}

/** The components themselves, each with its `$id`, the named schemas inside it as references. */
export const namedSchemas = (): { $id: string }[] =>
  Object.entries(COMPONENTS).map(([name, schema]) => ({ ...(walk(schema, schema) as object), $id: name }));
