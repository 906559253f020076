import type { FromSchema } from 'json-schema-to-ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { linkListProps } from '../../../schemas/blocks/generic.ts';
import { BlockCard } from '../shared/block-card.tsx';
import classes from '../shared/block-card.module.css';
import { EmptyState } from '../shared/empty-state.tsx';
import { localize, resolveHref } from '../shared/layout-text.ts';
import { useCanOpen } from '../../lib/route-access.ts';
import type { BlockComponentProps } from '../types.ts';

export default function LinkListBlock({ props, context }: BlockComponentProps<FromSchema<typeof linkListProps>>) {
  const { t, i18n } = useTranslation();
  const canOpen = useCanOpen();
  // Only the shortcuts the route guards would let through (a closed file has no My Tasks).
  const links = props.links
    .map((link, i) => ({ key: i, label: localize(link.label, i18n.language), target: resolveHref(link.href, context.areaHref) }))
    .filter(({ target }) => target.external || canOpen(target.href));
  return (
    <BlockCard title={localize(props.title, i18n.language)}>
      {links.length === 0 && <EmptyState>{t('blocks.noLinks')}</EmptyState>}
      <ul className={classes.links}>
        {links.map(({ key, label, target }) => {
          return (
            <li key={key}>
              {target.external
                ? <a href={target.href} target="_blank" rel="noopener noreferrer">{label}</a>
                : <Link to={target.href}>{label}</Link>}
            </li>
          );
        })}
      </ul>
    </BlockCard>
  );
}
