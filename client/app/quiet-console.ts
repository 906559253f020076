/** The runtime config's console-disable flag: debug output is dropped, warnings and errors kept. */
export function quietConsole(target: Console = console) {
  const noop = () => {};
  target.log = noop;
  target.debug = noop;
  target.info = noop;
}
