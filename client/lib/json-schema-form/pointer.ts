/** JSON Pointers (RFC 6901): `/properties/a~1b/title` → ['properties', 'a/b', 'title']. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (!body.startsWith('/')) throw new Error(`Not a JSON Pointer: ${pointer}`);
  return body.slice(1).split('/').map((token) => decodeURIComponentSafe(token).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** `#/a%20b` (URI fragment form, as @cfworker/json-schema writes locations) decodes its percent escapes. */
function decodeURIComponentSafe(token: string): string {
  try {
    return decodeURIComponent(token);
  } catch {
    return token;
  }
}

/** The value at a path, or undefined when any step is missing. */
export function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
