import type { FromSchema } from 'json-schema-to-ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { linkListProps } from '../../../schemas/blocks/generic.ts';
import { BlockCard } from '../shared/block-card.tsx';
import classes from '../shared/block-card.module.css';
import { EmptyState } from '../shared/empty-state.tsx';
import { localize, resolveHref } from '../shared/layout-text.ts';
import type { BlockComponentProps } from '../types.ts';

export default function LinkListBlock({ props, context }: BlockComponentProps<FromSchema<typeof linkListProps>>) {
  const { t, i18n } = useTranslation();
  return (
    <BlockCard title={localize(props.title, i18n.language)}>
      {props.links.length === 0 && <EmptyState>{t('blocks.noLinks')}</EmptyState>}
      <ul className={classes.links}>
        {props.links.map((link, i) => {
          const target = resolveHref(link.href, context.areaHref);
          const label = localize(link.label, i18n.language);
          return (
            <li key={i}>
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
