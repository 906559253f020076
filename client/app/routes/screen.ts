import type { Privilege } from '../../lib/session/privileges.ts';

export type { Privilege };

/**
 * One screen of a route table (spec 000 §2). The table is data: the router turns it into
 * routes, the guards read its requirements, the navigation reads its labels.
 */
export interface Screen {
  /** Unique id, also the i18n key of the screen's name: `screens.<id>`. */
  id: string;
  /** Path relative to the area's base (from lib/paths.ts). */
  path: string;
  /** Privileges of which one is required in the active structure; absent: none required. */
  privileges?: readonly Privilege[];
  /** Patient area: reachable only when the active patient file is OPEN. */
  onlyOpened?: boolean;
  /** Id of the screen the back action leads to. */
  back?: string;
  /** Its entry in the area's navigation, when it has one: i18n key of the label. */
  navLabel?: string;
  /** The screen's module; absent: the 'not available yet' page until its issue builds it. */
  lazy?: () => Promise<{ Component: React.ComponentType }>;
}
