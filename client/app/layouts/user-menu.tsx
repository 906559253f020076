/**
 * The user's menu button. The menu (Mantine's Menu with its floating layer, the language,
 * time-zone, display and about entries) is a chunk of its own, fetched when the pointer or the
 * focus reaches the button and shown on the first click: the first screens load without it.
 */
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionData } from '../../lib/session/use-session.ts';
import type { UserMenuProps } from './user-menu-dropdown.tsx';
import { NAME_MAX_WIDTH, NAME_STYLES, NAME_TEXT_STYLE } from './user-menu-styles.ts';
import { TruncatedText } from '../../lib/ui/truncated-text.tsx';

export type { PatientMenuContext } from './user-menu-dropdown.tsx';

const load = () => import('./user-menu-dropdown.tsx');
const UserMenuDropdown = lazy(load);

export function UserMenu(props: UserMenuProps) {
  const { t } = useTranslation();
  const { me } = useSessionData();
  const [used, setUsed] = useState(false);
  const name = `${me.usedFirstName ?? me.firstName} ${me.usedName ?? me.lastName}`;
  const button = (
    <Button
      variant="subtle" maw={NAME_MAX_WIDTH} styles={NAME_STYLES} aria-label={t('menu.open', { name })} aria-haspopup="menu" data-testid="user-menu"
      onPointerEnter={() => void load()} onFocus={() => void load()} onClick={() => setUsed(true)}
    >
      <TruncatedText component="span" inherit style={NAME_TEXT_STYLE}>{name}</TruncatedText>
    </Button>
  );
  if (!used) return button;
  return <Suspense fallback={button}><UserMenuDropdown {...props} /></Suspense>;
}
