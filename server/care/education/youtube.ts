/**
 * A YouTube address → its video id (issue 20 §2). Only the id is stored: the player is always
 * built by the client as https://www.youtube-nocookie.com/embed/<id> (the privacy-enhanced host,
 * no cookie before play), so no address a professional typed is ever framed or followed.
 */
const ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/** The video id of a watch, short-link, embed or shorts address; undefined for anything else. */
export function youtubeVideoId(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be') id = segments.length === 1 ? segments[0] : undefined;
  else if (HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch') id = url.searchParams.get('v');
    else if (segments.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(segments[0]!)) id = segments[1];
  }
  return id && ID.test(id) ? id : undefined;
}
