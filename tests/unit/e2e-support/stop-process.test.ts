/**
 * stopProcess (tests/e2e/support/gateway-process.ts) gives a process all the time its clean
 * close takes and returns only once it has exited: no timer decides, however slow the close.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { stopProcess } from '../../e2e/support/gateway-process.ts';

/** On SIGTERM it says "closing", then exits cleanly once told to on stdin (a close that takes as long as the test wants). */
const SLOW_CLOSE = `
process.on('SIGTERM', () => {
  process.stdout.write('closing\\n');
  process.stdin.once('data', () => process.exit(0));
});
process.stdout.write('ready\\n');
setInterval(() => {}, 1 << 30);
`;

async function line(stream: NodeJS.ReadableStream, text: string) {
  let seen = '';
  while (!seen.includes(text)) seen += String((await once(stream, 'data'))[0]);
}

describe('stopProcess', () => {
  it('waits for the exit of a process that takes its time to close, and never kills it', async () => {
    const child = spawn(process.execPath, ['-e', SLOW_CLOSE], { stdio: ['pipe', 'pipe', 'inherit'] });
    await line(child.stdout!, 'ready');
    let stopped = false;
    const stopping = stopProcess(child).then(() => { stopped = true; });
    await line(child.stdout!, 'closing');
    // Still closing: stopProcess has not returned.
    expect(stopped).toBe(false);
    expect(child.exitCode).toBeNull();
    child.stdin!.write('go\n');
    await stopping;
    expect(child.exitCode).toBe(0);
    expect(child.signalCode).toBeNull();
  });

  it('returns at once for a process that has already exited', async () => {
    const child = spawn(process.execPath, ['-e', 'process.exit(3)']);
    await once(child, 'exit');
    await stopProcess(child);
    expect(child.exitCode).toBe(3);
  });
});
