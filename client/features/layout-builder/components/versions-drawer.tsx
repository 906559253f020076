/** Saved versions, newest first (author, date, message), each restorable. */
import { Alert, Badge, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDates } from '../../../lib/dates/use-dates.ts';
import { useVersions } from '../api/get-versions.ts';
import type { LayoutScope } from '../api/layout-scope.ts';
import { LAYOUT_BUILDER } from '../texts.ts';

interface Props { opened: boolean; page: string; structureId: string; scope: LayoutScope; busy: boolean; onClose(): void; onRestore(version: number): void }

export function VersionsDrawer({ opened, page, structureId, scope, busy, onClose, onRestore }: Props) {
  const { t, i18n } = useTranslation(LAYOUT_BUILDER);
  const versions = useVersions(page, structureId, scope, opened);
  // The interface's language and the session's time zone, not the browser's.
  const dates = useDates();
  const date = (iso: string) => dates.dateTime(iso, 'short');
  return (
    <Drawer opened={opened} onClose={onClose} title={t('layoutBuilder.versions.title')} position={i18n.dir() === 'rtl' ? 'left' : 'right'}>
      {versions.isPending && <Loader size="sm" />}
      {versions.isError && <Alert color="negative" variant="light" role="alert" title={t('layoutBuilder.versions.loadFailed')} />}
      {versions.data?.data.length === 0 && <Text size="sm" c="dimmed">{t('layoutBuilder.versions.none')}</Text>}
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {versions.data?.data.map((v, i) => (
          <li key={v.version} data-version={v.version}>
            <Group justify="space-between" wrap="nowrap" align="start">
              <div>
                <Group gap={6}>
                  <Text fw={600} size="sm">{t('layoutBuilder.versions.version', { version: v.version })}</Text>
                  {i === 0 && <Badge size="xs" variant="light">{t('layoutBuilder.versions.current')}</Badge>}
                  {v.reset && <Badge size="xs" variant="light" color="info">{t('layoutBuilder.versions.reset')}</Badge>}
                </Group>
                <Text size="xs" c="dimmed">{t('layoutBuilder.versions.by', { author: v.author, date: date(v.createdAt) })}</Text>
                {v.message && <Text size="sm">{v.message}</Text>}
              </div>
              {i > 0 && <Button size="xs" variant="default" disabled={busy} onClick={() => onRestore(v.version)}>{t('layoutBuilder.versions.restore')}</Button>}
            </Group>
          </li>
        ))}
      </Stack>
    </Drawer>
  );
}
