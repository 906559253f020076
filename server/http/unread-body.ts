/**
 * What becomes of a request body left unread by an answer given before it (issue 19, "A
 * connection that hangs"): a body over the limit, an unsupported type, a refused upload, a 401
 * or 403 from a hook. The rest of the body is still on its way, on a keep-alive connection
 * whose next request starts after it. A reader that stopped part way (the JSON depth check,
 * busboy) leaves the stream paused, Node's parser stops reading the socket, and the next request
 * waited for nothing until the keep-alive timeout (73 s).
 *
 * So the rest is read and thrown away, within DRAIN_LIMIT_BYTES and DRAIN_LIMIT_MS: the
 * connection then serves the next request. Past either limit the connection is closed, after
 * the answer. It is not closed at once with `Connection: close`: a client still sending its
 * body would then meet a reset, often before it had read the answer — undici, the split-mode
 * gateway's client, reports that as a failed call (a 502 instead of the care API's 400), and
 * browsers can lose the answer too. A client that reads while it sends (browsers, undici, Node)
 * sees the answer at once whatever it still has to send.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The largest honest body is an upload (20 MB, care/files/repository.ts); a refused one may be left almost whole. */
export const DRAIN_LIMIT_BYTES = 32 * 1_048_576;
/** Long enough for the rest of a refused upload on a slow link, short of a connection held for nothing. */
export const DRAIN_LIMIT_MS = 30_000;

/**
 * Called from an onSend hook for a request whose body has not all arrived (`raw.complete` is
 * false), on a real connection: the answer is about to be written.
 */
export function settleUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  // A destroyed stream can no longer be read (Node's parser stops on it): only closing ends it.
  if (raw.destroyed) {
    reply.header('connection', 'close');
    return;
  }
  let left = DRAIN_LIMIT_BYTES;
  const close = () => {
    // After the answer: it is written before the connection ends.
    if (reply.raw.writableFinished) raw.socket?.destroy();
    else reply.raw.once('finish', () => raw.socket?.destroy());
  };
  const timer = setTimeout(close, DRAIN_LIMIT_MS).unref();
  const onData = (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) {
      raw.off('data', onData);
      clearTimeout(timer);
      close();
    }
  };
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  // Whatever read the body (a parser, busboy, the split-mode proxy) is done with it: nothing
  // may pause it again.
  raw.unpipe();
  raw.on('data', onData);
  raw.resume();
}
