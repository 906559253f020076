/**
 * One HTTP/1.1 connection on a real socket, read by hand: what a keep-alive client sees, answer
 * after answer, including whether the server closed the connection or left it hanging. Node's
 * http client and supertest hide both (they open another socket, or time out without saying why).
 */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Where the next answer starts in `buffer`, or undefined while it is not whole. */
function parseAnswer(buffer: Buffer): { answer: RawAnswer; length: number } | undefined {
  const headEnd = buffer.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const [statusLine = '', ...lines] = buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) headers[line.slice(0, line.indexOf(':')).trim().toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
  const status = Number(statusLine.split(' ')[1]);
  let at = headEnd + 4;
  // An interim answer (100 Continue) has no body: the real one follows.
  if (status >= 100 && status < 200) {
    const next = parseAnswer(buffer.subarray(at));
    return next && { answer: next.answer, length: at + next.length };
  }
  if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
    const parts: Buffer[] = [];
    for (;;) {
      const sizeEnd = buffer.indexOf('\r\n', at);
      if (sizeEnd < 0) return undefined;
      const sizeLine = buffer.subarray(at, sizeEnd).toString('latin1');
      const size = parseInt(sizeLine, 16);
      if (!/^[0-9a-f]+(;.*)?$/i.test(sizeLine)) throw new Error(`not a chunk size: ${JSON.stringify(sizeLine.slice(0, 40))}`);
      if (buffer.length < sizeEnd + 2 + size + 2) return undefined;
      parts.push(buffer.subarray(sizeEnd + 2, sizeEnd + 2 + size));
      at = sizeEnd + 2 + size + 2;
      if (size === 0) return { answer: { status, headers, body: Buffer.concat(parts).toString('utf8') }, length: at };
    }
  }
  const length = Number(headers['content-length'] ?? 0);
  if (buffer.length < at + length) return undefined;
  return { answer: { status, headers, body: buffer.subarray(at, at + length).toString('utf8') }, length: at + length };
}

export class RawConnection {
  private received = Buffer.alloc(0);
  private ended = false;
  private error: Error | undefined;
  private wake: () => void = () => {};

  private readonly socket: Socket;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => { this.received = Buffer.concat([this.received, chunk]); this.wake(); });
    socket.on('end', () => { this.ended = true; this.wake(); });
    socket.on('close', () => { this.ended = true; this.wake(); });
    // A reset after the server's answer is the server's way to close too: the answer read so far counts.
    socket.on('error', (err) => { this.error = err; this.ended = true; this.wake(); });
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes bytes without waiting for the server to read them (it may answer before). */
  write(bytes: string | Buffer): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  /** Waits until `ready` holds, or fails after `ms` saying what was awaited. */
  private async until<T>(what: string, ms: number, ready: () => T | undefined): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = ready();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${ms} ms (received ${this.received.length} bytes, ended: ${this.ended}, ${this.error?.message ?? 'no error'})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => { clearTimeout(timer); resolve(); };
      });
    }
  }

  /** The next whole answer on this connection. */
  async answer(ms = 5000): Promise<RawAnswer> {
    return this.until('answer', ms, () => {
      const parsed = parseAnswer(this.received);
      if (!parsed) {
        if (this.ended) throw new Error(`connection closed before a whole answer (${this.received.length} bytes, ${this.error?.message ?? 'no error'})`);
        return undefined;
      }
      this.received = this.received.subarray(parsed.length);
      return parsed.answer;
    });
  }

  /** Resolves once the server has closed the connection. */
  async closed(ms = 5000): Promise<void> {
    await this.until('close', ms, () => (this.ended ? true : undefined));
  }

  destroy(): void {
    this.socket.destroy();
  }
}
