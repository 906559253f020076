/**
 * Whether an address of the current area may be opened, as the route guards decide it. The app
 * provides it per area (app/guards/route-access.ts); blocks and menus read it to offer only the
 * ways the guards let through. Outside an area (the editor's palette), everything is offered.
 */
import { createContext, useContext } from 'react';

export type CanOpen = (href: string) => boolean;

export const RouteAccessContext = createContext<CanOpen>(() => true);

export const useCanOpen = (): CanOpen => useContext(RouteAccessContext);
