/**
 * The navigation every logged-in screen sits in: header with the logo, where the user works
 * and their menu; a side navigation when the area has one.
 */
import { AppShell, Burger, Group, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, Outlet } from 'react-router';
import { Logo } from './logo.tsx';
import type { NavItem } from './nav-item.ts';

interface Props { context?: ReactNode; menu: ReactNode; nav?: NavItem[]; navLabel?: string }

export function ShellFrame({ context, menu, nav, navLabel }: Props) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell header={{ height: 64 }} padding="lg" navbar={nav ? { width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } } : undefined}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap" miw={0}>
            {nav && <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />}
            <Logo />
            {context}
          </Group>
          {menu}
        </Group>
      </AppShell.Header>
      {nav && (
        <AppShell.Navbar p="sm" component="nav" aria-label={navLabel}>
          <ScrollArea>
            {nav.map((item) => (
              <RouterNavLink key={item.key} to={item.href} end={item.end} onClick={close} style={{ textDecoration: 'none', color: 'inherit' }}>
                {({ isActive }) => <NavLink component="span" label={item.label} active={isActive} variant="light" />}
              </RouterNavLink>
            ))}
          </ScrollArea>
        </AppShell.Navbar>
      )}
      <AppShell.Main><Outlet /></AppShell.Main>
    </AppShell>
  );
}
