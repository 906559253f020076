/**
 * The navigation every logged-in screen sits in: header with the logo, where the user works
 * and their menu; a side navigation when the area has one (a drawer behind a burger on small
 * screens). Plain CSS rather than Mantine's AppShell keeps the first screens' scripts small.
 */
import { Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { NotificationBell } from '../../features/notifications/bell/notification-bell.tsx';
import { Logo } from './logo.tsx';
import type { NavItem } from './nav-item.ts';
import classes from './shell-frame.module.css';

interface Props { context?: ReactNode; menu: ReactNode; nav?: NavItem[]; navLabel?: string }

export function ShellFrame({ context, menu, nav, navLabel }: Props) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <>
      <header className={classes.header}>
        <Group gap="md" wrap="nowrap" miw={0}>
          {nav && <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} aria-expanded={opened} />}
          <Logo />
          {context}
        </Group>
        <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
          <NotificationBell />
          {menu}
        </Group>
      </header>
      <div className={classes.body} data-with-nav={nav ? true : undefined}>
        {nav && (
          <nav className={classes.nav} aria-label={navLabel} data-opened={opened || undefined}>
            {nav.map((item) => (
              <NavLink key={item.key} to={item.href} end={item.end} onClick={close} className={classes.link}>
                {item.label}
                {item.badge && (
                  // The number is read out with its meaning ("3 unread messages"), not as a bare "3".
                  <span className={classes.badge} data-testid={`nav-badge-${item.key}`}>
                    <span aria-hidden>{item.badge.text}</span>
                    <span className={classes.visuallyHidden}>{item.badge.label}</span>
                  </span>
                )}
              </NavLink>
            ))}
          </nav>
        )}
        <main className={classes.main}><Outlet /></main>
      </div>
    </>
  );
}
