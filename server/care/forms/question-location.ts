/**
 * Where a question of an answer is defined in its questionnaire's schema, to name it by its
 * title in the form's language. A question may be defined beside its parent's `properties`: in a
 * `dependencies` branch, `then`/`else`, `oneOf`/`anyOf`/`allOf`, or behind a local `$ref`.
 */
import type { FormDefinition } from '../../../schemas/form.ts';
import type { Language } from '../../i18n/index.ts';

type Node = Record<string, unknown>;
interface Located { node: Node; pointer: string }

const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);
const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** RFC 6901, `#`-prefixed or not: the node there, or undefined. */
export function nodeAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.replace(/^#/, '').split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Node)[raw.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return node;
}

/** The subschemas `segment` (a property name or an item index) leads to from `from`, branches included. */
function childrenOf(root: Node, from: Located, segment: string): Located[] {
  const found: Located[] = [];
  const seen = new Set<string>();
  const visit = (node: unknown, pointer: string) => {
    if (!isNode(node) || seen.has(pointer)) return;
    seen.add(pointer);
    const properties = node.properties;
    if (isNode(properties) && isNode(properties[segment])) found.push({ node: properties[segment] as Node, pointer: `${pointer}/properties/${escape(segment)}` });
    if (/^\d+$/.test(segment)) {
      if (isNode(node.items)) found.push({ node: node.items, pointer: `${pointer}/items` });
      else if (Array.isArray(node.items) && isNode(node.items[Number(segment)])) found.push({ node: node.items[Number(segment)] as Node, pointer: `${pointer}/items/${segment}` });
    }
    for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
      const branches = node[keyword];
      if (Array.isArray(branches)) branches.forEach((branch, i) => visit(branch, `${pointer}/${keyword}/${i}`));
    }
    for (const keyword of ['then', 'else'] as const) visit(node[keyword], `${pointer}/${keyword}`);
    if (isNode(node.dependencies)) for (const [key, branch] of Object.entries(node.dependencies)) visit(branch, `${pointer}/dependencies/${escape(key)}`);
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) visit(nodeAt(root, node.$ref), node.$ref.slice(1));
  };
  visit(from.node, from.pointer);
  return found;
}

/** Schema pointers of the definitions of the question at `instancePointer` (`/medications/0/unit`), titled ones first. */
export function questionDefinitions(schema: object, instancePointer: string): Located[] {
  let candidates: Located[] = [{ node: schema as Node, pointer: '' }];
  for (const raw of instancePointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    candidates = candidates.flatMap((c) => childrenOf(schema as Node, c, segment));
    if (!candidates.length) return [];
  }
  return [...candidates.filter((c) => typeof c.node.title === 'string'), ...candidates.filter((c) => typeof c.node.title !== 'string')];
}

/** The language to name questions in: the caller's when the questionnaire is written in it, else French (the schema's). */
export function formLanguage(definition: Pick<FormDefinition, 'languages'>, language: Language): Language {
  return (definition.languages as readonly string[]).includes(language) ? language : 'fr';
}

/** The text at `textPointer` of the schema in `language`: its translation by pointer, else the schema's own (French). */
export function textAt(definition: Pick<FormDefinition, 'schema' | 'translations'>, textPointer: string, language: Language): string | undefined {
  const translated = language === 'fr' ? undefined : definition.translations?.[language]?.[textPointer];
  if (typeof translated === 'string') return translated;
  const text = nodeAt(definition.schema, textPointer);
  return typeof text === 'string' ? text : undefined;
}

/** The title of the subschema at `schemaPointer` in `language`. */
export const titleAt = (definition: Pick<FormDefinition, 'schema' | 'translations'>, schemaPointer: string, language: Language) =>
  textAt(definition, `${schemaPointer}/title`, language);

/** The title of the question at `instancePointer`, trying first where the error was found (`schemaPointer`), then its definitions. */
export function questionTitle(definition: Pick<FormDefinition, 'schema' | 'translations'>, instancePointer: string, language: Language, schemaPointer?: string): string | undefined {
  const pointers = [...(schemaPointer !== undefined ? [schemaPointer] : []), ...questionDefinitions(definition.schema, instancePointer).map((c) => c.pointer)];
  for (const pointer of pointers) {
    const title = titleAt(definition, pointer, language);
    if (title !== undefined) return title;
  }
  return undefined;
}
