/**
 * A route's call built from a world (world.ts): every id field given the world's record of the
 * kind its contract declares, every other field a value its schema accepts (routes.ts).
 */
import type { IdField, JsonSchema, Location, Route } from './routes.ts';
import { sample } from './routes.ts';
import type { World } from './world.ts';

/** What a route walk sends: the address with its query, and the JSON body when the route takes one. */
export interface Call { method: string; path: string; body?: Record<string, unknown> }

/** Sets `a.b.c` in an object, creating the objects on the way. */
function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  if (value === undefined) delete node[keys.at(-1)!];
  else node[keys.at(-1)!] = value;
}

/** The id a world gives a field; `planned` picks the planned questionnaire (and its occurrence), else the free one (no occurrence). */
function idIn(world: World, f: IdField, planned: boolean): string | undefined {
  if (f.kind === 'form' && planned) return world.planned.form;
  if (f.kind === 'occurrence') return planned ? world.planned.occurrence : undefined;
  return world[f.kind!];
}

/**
 * Bodies that take one of these fields and refuse both (the measures: one value or a batch, 400
 * otherwise): a call sends the one its replaced id is in, else the first.
 */
const ONE_OF: Record<string, string[]> = { 'POST /api/patient_files/:id/indicators/data': ['indicatorId', 'data'] };

/**
 * The call of `route`, its ids taken from `world` (the caller's own, or someone else's whole
 * world), `field` replaced by `value` when given, the body's other fields sampled unless `body`
 * is given.
 */
export function callOf(route: Route, world: World, planned: boolean, replaced?: { field: IdField; value: string }, body?: Record<string, unknown>): Call {
  const parts: Record<Location, Record<string, unknown>> = {
    params: sample((route.schema.params ?? {}) as JsonSchema) as Record<string, unknown>,
    querystring: sample((route.schema.querystring ?? {}) as JsonSchema) as Record<string, unknown>,
    body: body ?? (route.schema.body ? sample(route.schema.body as JsonSchema) as Record<string, unknown> : {}),
  };
  for (const f of route.fields) {
    const v = f === replaced?.field ? replaced.value : idIn(world, f, planned);
    // A list of ids is driven with that one id (an optional list left out when there is none).
    const value = v !== undefined && f.list ? [v] : v;
    if (!f.item) {
      setPath(parts[f.location], f.name, value);
      continue;
    }
    // An id in list items: the list holds one item, sampled, with its ids from the world.
    const [list, key] = f.name.split('[].') as [string, string];
    const items = list.split('.').reduce<Record<string, unknown>>((node, k) => node?.[k] as Record<string, unknown>, parts[f.location]) as unknown;
    if (!Array.isArray(items) || items.length === 0) setPath(parts[f.location], list, [sample(f.item)]);
    const [first] = list.split('.').reduce<Record<string, unknown>>((node, k) => node[k] as Record<string, unknown>, parts[f.location]) as unknown as Record<string, unknown>[];
    setPath(first!, key, value);
  }
  const alternatives = ONE_OF[`${route.method} ${route.url}`] ?? [];
  const sent = alternatives.find((a) => replaced?.field.name.split(/[.[]/)[0] === a) ?? alternatives[0];
  for (const other of alternatives.filter((a) => a !== sent)) delete parts.body[other];
  const path = route.url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeURIComponent(String(parts.params[name])));
  const query = new URLSearchParams(Object.entries(parts.querystring).map(([k, v]) => [k, String(v)])).toString();
  // A route without a body schema takes no body (and refuses one it was not made for).
  return { method: route.method, path: `${path}${query ? `?${query}` : ''}`, ...(route.schema.body ? { body: parts.body } : {}) };
}
