/** A block whose type the client does not know: visible, with the types it does know (never a blank). */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { blockRegistry } from '../blocks/index.ts';
import { Notice } from './notice.tsx';

export function UnknownBlock({ type }: { type: string }) {
  const { t } = useTranslation();
  return (
    <Notice tone="warning" title={t('layout.unknownBlock', { type })} data-unknown-block={type}>
      <Text size="xs" mt={4}>{t('layout.knownBlocks', { types: blockRegistry.ids().join(', ') })}</Text>
    </Notice>
  );
}
