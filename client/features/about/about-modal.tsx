import { Modal, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../lib/config.ts';

/** Version and dates of the running product, from the runtime configuration (spec 001 §3). */
export function AboutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const config = runtimeConfig();
  const rows: [string, string][] = [
    [t('about.version'), config.version],
    [t('about.releaseDate'), config.releaseDate],
    [t('about.buildDate'), config.buildDate],
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
