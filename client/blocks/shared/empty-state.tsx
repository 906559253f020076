/** What a block says when it has nothing to show: never invented data. */
import { Text } from '@mantine/core';

export function EmptyState({ children }: { children: string }) {
  return <Text c="dimmed" size="sm" py="sm">{children}</Text>;
}
