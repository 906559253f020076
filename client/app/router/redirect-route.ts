import { redirect, type RouteObject } from 'react-router';

/** Renders nothing: its loader always redirects. Said explicitly, a route without a component is a mistake React Router warns about. */
const Nothing = () => null;

/** A route whose only job is to send elsewhere (its loader redirects before anything renders). */
export const redirectTo = (to: string): Pick<RouteObject, 'loader' | 'Component'> => ({ loader: () => redirect(to), Component: Nothing });
