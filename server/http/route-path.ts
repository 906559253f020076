/**
 * The path of the route a request reaches, for the rules that let a call through (the consent
 * exemptions): the route matched here when it is one of this app's own; else (the split-mode
 * proxy's catch-all, or no route at all) the address as the care API's router will read it:
 * resolved as a URL, as the proxy resolves it (dot segments, `\` as `/`), then percent-decoded
 * as the router decodes (decodeURI: reserved characters such as %2F stay escaped). Exact, never
 * broader than the router: a spelling read differently here is kept out of an exemption, never
 * let into one. The rules that refuse use the broader canonicalPath (schemas/http.ts).
 */
import type { FastifyRequest } from 'fastify';

export function routePath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route !== undefined && !route.includes('*')) return route;
  const end = request.url.search(/[?#]/);
  const path = end < 0 ? request.url : request.url.slice(0, end);
  try {
    // A path starting with // would otherwise be read as a host (the proxy guards the same way).
    return decodeURI(new URL(path.startsWith('//') ? `.${path}` : path, 'http://route.invalid').pathname);
  } catch {
    // Not decodable: the router refuses it as well (400 bad_url).
    return path;
  }
}
