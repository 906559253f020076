/**
 * The start date tests give the files they insert. A file without one starts the day it was created
 * in its establishment's time zone, so a file made at 00:10 in Paris refuses a value measured an hour
 * earlier (measured_before_file_start): tests that date values back ran red for an hour each night.
 * Tests about the start rule itself set their own date.
 */
const DAY_MS = 86_400_000;
export const FOLLOWED_SINCE = new Date(Date.now() - 60 * DAY_MS).toISOString().slice(0, 10);
