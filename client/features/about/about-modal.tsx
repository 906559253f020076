import { Modal, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../lib/config.ts';
import { formatCalendarDate, formatDateTime } from '../../lib/dates/format.ts';
import { isLanguage } from '../../lib/languages.ts';
import { useSessionData } from '../../lib/session/use-session.ts';

/** Version and dates of the running product, from the runtime configuration (spec 001 §3). */
export function AboutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { me } = useSessionData();
  const language = isLanguage(i18n.language) ? i18n.language : 'fr';
  const config = runtimeConfig();
  const rows: [string, string][] = [
    [t('about.version'), config.version],
    [t('about.releaseDate'), formatCalendarDate(config.releaseDate, language, 'long')],
    [t('about.buildDate'), formatDateTime(config.buildDate, language, me.timezone)],
  ];
  return (
    <Modal opened={opened} onClose={onClose} title={t('menu.about')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => <Table.Tr key={label}><Table.Th>{label}</Table.Th><Table.Td>{value}</Table.Td></Table.Tr>)}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
