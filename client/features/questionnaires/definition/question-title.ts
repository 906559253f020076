/**
 * The title of the question at a path of the answers (`['episodes', '0', 'severity']`), as the
 * patient reads it in the form: the UI schema's `ui:title`, else the schema's `title`, with
 * the item number in lists ("Épisodes 1 › Intensité"). Used by the error summary.
 */
import type { LocalizedForm } from './localize.ts';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The sub-schema of `key` in `schema`: its properties, or those of a branch (oneOf, anyOf, allOf, then/else, dependencies). */
function propertyOf(schema: Node, key: string): Node | undefined {
  if (isNode(schema.properties) && isNode(schema.properties[key])) return schema.properties[key];
  const branches = [
    ...(['oneOf', 'anyOf', 'allOf'] as const).flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]) : [])),
    schema.then, schema.else, ...(isNode(schema.dependencies) ? Object.values(schema.dependencies) : []),
  ];
  for (const branch of branches) {
    const found = isNode(branch) ? propertyOf(branch, key) : undefined;
    if (found) return found;
  }
  return undefined;
}

export function questionTitle(form: Pick<LocalizedForm, 'schema' | 'uiSchema'>, path: readonly string[]): string {
  const parts: string[] = [];
  let schema: Node | undefined = form.schema as Node;
  let ui: Node | undefined = form.uiSchema as Node;
  for (const key of path) {
    if (schema && /^\d+$/.test(key) && isNode(schema.items)) {
      if (parts.length) parts[parts.length - 1] = `${parts.at(-1)} ${Number(key) + 1}`;
      else parts.push(String(Number(key) + 1));
      schema = schema.items;
      ui = isNode(ui?.items) ? ui.items : undefined;
      continue;
    }
    schema = schema ? propertyOf(schema, key) : undefined;
    ui = isNode(ui?.[key]) ? (ui[key] as Node) : undefined;
    const title = ui?.['ui:title'] ?? schema?.title;
    parts.push(typeof title === 'string' && title ? title : key);
  }
  return parts.join(' › ');
}

/** rjsf's id of the field at `path` (`root_episodes_0_severity`): where the summary sends the focus. */
export const fieldId = (path: readonly string[]) => ['root', ...path].join('_');
