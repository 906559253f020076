import { Text } from '@mantine/core';
import type { Establishment } from '../../../schemas/establishments.ts';

export function StructureContextLabel({ structure }: { structure: Establishment }) {
  return <Text fw={600} size="sm" truncate visibleFrom="xs" data-testid="context-label">{structure.name}</Text>;
}
