import { TIMEZONE_AUTOMATIC } from '../../../schemas/me.ts';

export { TIMEZONE_AUTOMATIC };

/** The zones the browser knows, for the time-zone choice. */
export function knownTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
