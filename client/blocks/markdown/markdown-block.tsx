import type { FromSchema } from 'json-schema-to-ts';
import { useTranslation } from 'react-i18next';
import type { markdownProps } from '../../../schemas/blocks/generic.ts';
import { BlockCard } from '../shared/block-card.tsx';
import { localize } from '../shared/layout-text.ts';
import type { BlockComponentProps } from '../types.ts';
import { MarkdownView } from './markdown-view.tsx';

export default function MarkdownBlock({ props, context }: BlockComponentProps<FromSchema<typeof markdownProps>>) {
  const { i18n } = useTranslation();
  return (
    <BlockCard title={localize(props.title, i18n.language)}>
      <MarkdownView source={localize(props.content, i18n.language)} areaHref={context.areaHref} />
    </BlockCard>
  );
}
