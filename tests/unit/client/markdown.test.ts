import { describe, expect, it } from 'vitest';
import { isSafeHref, parseInline, parseMarkdown } from '../../../client/blocks/markdown/parse-markdown.ts';

describe('markdown subset', () => {
  it.each([
    ['plain text', 'hello', [{ kind: 'text', text: 'hello' }]],
    ['strong', 'call **15** now', [{ kind: 'text', text: 'call ' }, { kind: 'strong', children: [{ kind: 'text', text: '15' }] }, { kind: 'text', text: ' now' }]],
    ['emphasis', '_a_', [{ kind: 'em', children: [{ kind: 'text', text: 'a' }] }]],
    ['code', '`x<y`', [{ kind: 'code', text: 'x<y' }]],
    ['relative link', '[Tasks](my-tasks)', [{ kind: 'link', href: 'my-tasks', children: [{ kind: 'text', text: 'Tasks' }] }]],
    ['https link', '[S](https://e.org)', [{ kind: 'link', href: 'https://e.org', children: [{ kind: 'text', text: 'S' }] }]],
    ['javascript: link stays text', '[x](javascript:alert(1))', [{ kind: 'text', text: 'x' }, { kind: 'text', text: ')' }]],
    ['protocol-relative link stays text', '[x](//evil.org)', [{ kind: 'text', text: 'x' }]],
    ['raw HTML stays text', '<img src=x onerror=alert(1)>', [{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]],
    ['soft line break is a space', 'a\nb', [{ kind: 'text', text: 'a b' }]],
    ['hard line break', 'a  \nb', [{ kind: 'text', text: 'a' }, { kind: 'break' }, { kind: 'text', text: 'b' }]],
  ])('inline: %s', (_, source, expected) => {
    expect(parseInline(source)).toEqual(expected);
  });

  it('blocks: heading, paragraph, lists', () => {
    const blocks = parseMarkdown('## Welcome\nFirst line\nsecond\n\n- one\n- two\n\n1. first\n2) second');
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'list']);
    expect(blocks[0]).toMatchObject({ level: 2, children: [{ text: 'Welcome' }] });
    expect(blocks[2]).toMatchObject({ ordered: false, items: [[{ text: 'one' }], [{ text: 'two' }]] });
    expect(blocks[3]).toMatchObject({ ordered: true, items: [[{ text: 'first' }], [{ text: 'second' }]] });
  });

  it.each([
    ['https://a.org', true], ['mailto:a@b.c', true], ['tel:15', true], ['/p/0/documents', true], ['documents', true],
    ['javascript:alert(1)', false], ['//evil.org', false], ['data:text/html,x', false],
  ])('safe address %s → %s', (href, expected) => {
    expect(isSafeHref(href)).toBe(expected);
  });
});
