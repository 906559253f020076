import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Establishment } from '../../../schemas/establishments.ts';
import { paths } from '../../lib/paths.ts';
import { TruncatedText } from '../../lib/ui/truncated-text.tsx';

export function StructureCard({ structure, index }: { structure: Establishment; index: number }) {
  const { t } = useTranslation();
  return (
    <Card withBorder component={Link} to={paths.professional.home.getHref({ structureIndex: index })} padding="md" data-testid="structure-card">
      <TruncatedText fw={600}>{structure.name}</TruncatedText>
      <Text size="sm" c="dimmed">{t('contextSelector.services', { count: structure.services.length })}</Text>
    </Card>
  );
}
