/**
 * Renders the markdown subset as plain elements styled by a CSS module (no extra component
 * code on the patient home); headings sit one level below the block's title.
 */
import { Fragment, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { resolveHref } from '../shared/layout-text.ts';
import classes from './markdown-view.module.css';
import { parseMarkdown, type Inline } from './parse-markdown.ts';

function inline(nodes: Inline[], areaHref: string): ReactNode {
  return nodes.map((node, i) => {
    switch (node.kind) {
      case 'text': return <Fragment key={i}>{node.text}</Fragment>;
      case 'strong': return <strong key={i}>{inline(node.children, areaHref)}</strong>;
      case 'em': return <em key={i}>{inline(node.children, areaHref)}</em>;
      case 'code': return <code key={i}>{node.text}</code>;
      case 'break': return <br key={i} />;
      case 'link': {
        const target = resolveHref(node.href, areaHref);
        return target.external
          ? <a key={i} href={target.href} target="_blank" rel="noopener noreferrer">{inline(node.children, areaHref)}</a>
          : <Link key={i} to={target.href}>{inline(node.children, areaHref)}</Link>;
      }
    }
  });
}

export function MarkdownView({ source, areaHref }: { source: string; areaHref: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className={classes.markdown}>
      {blocks.map((block, i) => {
        if (block.kind === 'heading') {
          const Heading = `h${Math.min(6, block.level + 1)}` as 'h2';
          return <Heading key={i}>{inline(block.children, areaHref)}</Heading>;
        }
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return <List key={i}>{block.items.map((item, j) => <li key={j}>{inline(item, areaHref)}</li>)}</List>;
        }
        return <p key={i}>{inline(block.children, areaHref)}</p>;
      })}
    </div>
  );
}
