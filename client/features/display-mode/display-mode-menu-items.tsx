import { Menu, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const MODES: MantineColorScheme[] = ['light', 'dark', 'auto'];

/** Display mode light, dark or automatic (spec 000 §1), remembered in local storage. */
export function DisplayModeMenuItems() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <>
      <Menu.Label>{t('menu.displayMode')}</Menu.Label>
      {MODES.map((mode) => (
        <Menu.Item key={mode} onClick={() => setColorScheme(mode)} aria-current={colorScheme === mode ? 'true' : undefined} fw={colorScheme === mode ? 700 : undefined}>
          {t(`displayMode.${mode}`)}
        </Menu.Item>
      ))}
    </>
  );
}
