/** Time zone of the session (spec 000 §2 profile menu, §4): automatic or a chosen one. */
import { Alert, Button, Group, Modal, Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePutTimezone } from './api/put-timezone.ts';
import { knownTimeZones, TIMEZONE_AUTOMATIC } from './time-zones.ts';

export function TimeZoneModal({ opened, current, onClose }: { opened: boolean; current: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(current);
  const save = usePutTimezone();
  const options = useMemo(() => [{ value: TIMEZONE_AUTOMATIC, label: t('timeZone.automatic') }, ...knownTimeZones().map((z) => ({ value: z, label: z }))], [t]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('menu.timeZone')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Select label={t('timeZone.label')} data={options} value={value} onChange={(v) => v && setValue(v)} searchable allowDeselect={false} comboboxProps={{ withinPortal: false }} />
      {save.isError && <Alert mt="md" color="negative" variant="light" role="alert">{t('timeZone.failed')}</Alert>}
      <Group mt="lg" justify="flex-end">
        <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
        <Button loading={save.isPending} disabled={value === current} onClick={() => save.mutate({ selectedTimezone: value })}>{t('common.save')}</Button>
      </Group>
    </Modal>
  );
}
