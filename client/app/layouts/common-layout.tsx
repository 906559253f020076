import { UserMenu } from './user-menu.tsx';
import { ShellFrame } from './shell-frame.tsx';
import { useSessionData } from '../../lib/session/use-session.ts';

/** Screens outside the indexed areas: context selector, not authorized, structure creation. */
export function CommonLayout() {
  const { kind } = useSessionData();
  return <ShellFrame menu={<UserMenu darkOnly={kind === 'admin'} />} />;
}

export const Component = CommonLayout;
