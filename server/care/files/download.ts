/**
 * How a stored file is sent back (issue 8, security 8). The type is read from the bytes again
 * (file-type), never taken from the uploader; the name sent gets the extension of that type, so
 * that a PNG/HTML polyglot uploaded as `poly.html` is saved as `poly.png` (the stored name is
 * left as the user gave it). Only the image types the client shows itself in an <img> — the
 * questionnaire file widget's preview of PNG and JPEG answers — are `inline`; every other type
 * (PDF included: a browser's PDF viewer runs scripts) is an `attachment`. The response is
 * sandboxed by its own CSP and never sniffed, whatever a browser makes of it when opened alone.
 * The bytes are streamed from the storage: the type is read from their head as they go.
 */
import { create as contentDisposition } from 'content-disposition';
import type { FileTypeResult } from 'file-type';

/** Shown by the client in an <img> (client/features/questionnaires/files/file-upload-widget.tsx). */
export const SHOWN_INLINE: readonly string[] = ['image/png', 'image/jpeg'];

/** Other spellings of file-type's extension that already say the right type. */
const SAME_TYPE: Record<string, readonly string[]> = { jpg: ['jpeg', 'jpe', 'jfif'] };

/** `name` with its extension replaced by `ext`, unless it already names that type. */
export function nameForType(name: string, ext: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot >= 0 ? name.slice(0, dot) : name;
  const current = dot >= 0 ? name.slice(dot + 1).toLowerCase() : undefined;
  if (base.trim() && current !== undefined && (current === ext || SAME_TYPE[ext]?.includes(current))) return name;
  return `${base.trim() ? base : 'file'}.${ext}`;
}

/**
 * What a document's viewer opens in the browser (spec 001 §7 stream, issue 20): PDF and images,
 * sandboxed by the CSP below (scripts of a PDF or an SVG-like polyglot run nowhere); every
 * other type is an attachment, never rendered inline.
 */
export const VIEWABLE: readonly string[] = [...SHOWN_INLINE, 'application/pdf'];

/**
 * `inline`: as each route asks (default: the client's own <img> previews); `view`: a document's
 * viewer; `embed`: the same types, framed by the app's own pages (therapeutic content's PDF
 * viewer, issue 20 §2: frame-ancestors 'self', still sandboxed); `download`: always an attachment.
 */
export type Disposition = 'default' | 'view' | 'embed' | 'download';

export interface DownloadHeaders { 'content-type': string; 'content-disposition': string; [name: string]: string }

function inline(mime: string, disposition: Disposition): boolean {
  if (disposition === 'download') return false;
  return (disposition === 'view' || disposition === 'embed' ? VIEWABLE : SHOWN_INLINE).includes(mime);
}

/** `type`: read from the stored bytes' first ones as they are sent (streams.ts typedStream). */
export function downloadHeaders(name: string, type: FileTypeResult | undefined, disposition: Disposition = 'default'): DownloadHeaders {
  // Uploads are refused unless file-type recognises them; an unknown type is sent as bytes.
  const mime = type?.mime ?? 'application/octet-stream';
  const fileName = nameForType(name, type?.ext ?? 'bin');
  return {
    'content-type': mime,
    // RFC 6266 / 8187: filename* for non-ASCII names, with an ASCII fallback.
    'content-disposition': contentDisposition(fileName, { type: inline(mime, disposition) ? 'inline' : 'attachment' }),
    'x-content-type-options': 'nosniff',
    // Replaces the page policy (helmet's): a file opened on its own runs nothing, loads nothing.
    'content-security-policy': disposition === 'embed' ? "default-src 'none'; sandbox; frame-ancestors 'self'" : "default-src 'none'; sandbox",
    // Replaces helmet's DENY for what the app frames itself; every other file keeps it.
    ...(disposition === 'embed' ? { 'x-frame-options': 'SAMEORIGIN' } : {}),
    'cache-control': 'private, no-store',
  };
}
