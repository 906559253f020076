/**
 * A small, safe subset of markdown for layout texts: headings, paragraphs, bulleted and
 * numbered lists, **strong**, *emphasis*, `code`, [links](href) and hard breaks. It builds a
 * tree that React renders as elements: raw HTML is never interpreted, and a link whose address
 * is not http(s), mailto, tel or a path of the site stays plain text. (A full renderer such as
 * react-markdown weighs about 36 KB gzip, a fifth of the patient home's budget.)
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: Inline[] }
  | { kind: 'break' };

export type MarkdownBlock =
  | { kind: 'heading'; level: number; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#|[a-z0-9-]+(\/|$))/i;
export const isSafeHref = (href: string) => SAFE_HREF.test(href.trim());

const INLINE = /`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|\*([^*]+)\*|_([^_]+)_|\[([^\]]+)\]\(([^)\s]+)\)| {2,}\n|\\\n/s;

export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let rest = source;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) { out.push({ kind: 'text', text: rest.replace(/\n/g, ' ') }); break; }
    if (m.index > 0) out.push({ kind: 'text', text: rest.slice(0, m.index).replace(/\n/g, ' ') });
    const [, code, strong1, strong2, em1, em2, label, href] = m;
    if (code !== undefined) out.push({ kind: 'code', text: code });
    else if (strong1 ?? strong2) out.push({ kind: 'strong', children: parseInline((strong1 ?? strong2)!) });
    else if (em1 ?? em2) out.push({ kind: 'em', children: parseInline((em1 ?? em2)!) });
    else if (label !== undefined) {
      const children = parseInline(label);
      if (isSafeHref(href!)) out.push({ kind: 'link', href: href!, children });
      else out.push(...children);
    } else out.push({ kind: 'break' });
    rest = rest.slice(m.index + m[0].length);
  }
  return out;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join('\n')) });
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    list = undefined;
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.exec(line);
    const item = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (!line.trim()) flush();
    else if (heading) { flush(); blocks.push({ kind: 'heading', level: heading[1]!.length, children: parseInline(heading[2]!) }); }
    else if (item) {
      const ordered = !BULLET.test(line);
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[1]!);
    } else if (list) list.items[list.items.length - 1] += `\n${line.trim()}`;
    else paragraph.push(line);
  }
  flush();
  return blocks;
}
