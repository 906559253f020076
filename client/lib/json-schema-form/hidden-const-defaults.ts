/**
 * rjsf is told never to take a `const` as a default: it would pre-tick `const: true` consent
 * boxes and pre-select the first `oneOf` answer, answering for the patient. A `const` property
 * hidden by the UI schema (`ui:widget: hidden`, the discriminator of a `oneOf` branch) is the
 * one case where the integrator means it to be filled in: it gets its const as default here.
 * Returns a copy; the given schema is not changed.
 */
type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

function visit(schema: Node, ui: Node): Node {
  const out: Node = { ...schema };
  if (isNode(schema.properties)) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([key, prop]) => {
      if (!isNode(prop)) return [key, prop];
      const own = isNode(ui[key]) ? (ui[key] as Node) : {};
      let next = visit(prop, own);
      if (own['ui:widget'] === 'hidden' && 'const' in prop && !('default' in prop)) next = { ...next, default: prop.const };
      return [key, next];
    }));
  }
  for (const keyword of ['oneOf', 'anyOf', 'allOf'] as const) {
    if (Array.isArray(schema[keyword])) out[keyword] = (schema[keyword] as unknown[]).map((b) => (isNode(b) ? visit(b, ui) : b));
  }
  for (const keyword of ['then', 'else'] as const) if (isNode(schema[keyword])) out[keyword] = visit(schema[keyword] as Node, ui);
  if (isNode(schema.dependencies)) {
    out.dependencies = Object.fromEntries(Object.entries(schema.dependencies).map(([k, d]) => [k, isNode(d) ? visit(d, ui) : d]));
  }
  if (isNode(schema.items)) out.items = visit(schema.items, isNode(ui.items) ? (ui.items as Node) : {});
  return out;
}

export function withHiddenConstDefaults<S extends object>(schema: S, uiSchema: object | undefined): S {
  return visit(schema as Node, (uiSchema ?? {}) as Node) as S;
}
