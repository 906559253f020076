/**
 * A local SMTP server that keeps what it receives in memory (smtp-server and mailparser, from the
 * nodemailer project): `npm start` in demo mode sends the notification e-mails to it when
 * SMTP_URL is unset, and lists them at /dev/mail on the gateway (never in production); tests
 * read from it what a real SMTP server would have received. docker-compose uses Mailpit instead.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface CaughtMail { from: string; to: string[]; subject: string; text: string; html: string; receivedAt: Date }

export interface MailCatcher {
  /** The SMTP_URL that sends to it. */
  url: string;
  /** What it received, oldest first (the last 500). */
  messages: CaughtMail[];
  /** Refuse the next `n` messages with a temporary failure (451), as a server that is down for a while: tests of retries. */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

const KEPT = 500;

export async function startMailCatcher(port = 0, host = '127.0.0.1'): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        if (refusals > 0) {
          refusals -= 1;
          const error = Object.assign(new Error('Mail catcher: refusing this message for a while'), { responseCode: 451 });
          callback(error);
          return;
        }
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '', receivedAt: new Date(),
        });
        if (messages.length > KEPT) messages.splice(0, messages.length - KEPT);
        callback();
      }, (error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${host}:${bound}`,
    messages,
    refuseNext: (n) => { refusals = n; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** GET /dev/mail (newest first, as a page) and /dev/mail/messages.json: what the catcher received. Not in production. */
export function devMailRoutes(app: FastifyInstance, catcher: MailCatcher): void {
  app.get('/dev/mail/messages.json', { schema: { hide: true } }, async () => catcher.messages.slice().reverse());
  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    const rows = catcher.messages.slice().reverse().map((m) => `<article><h2>${escape(m.subject)}</h2>`
      + `<p><small>${escape(m.receivedAt.toISOString())} — ${escape(m.from)} → ${escape(m.to.join(', '))}</small></p><pre>${escape(m.text)}</pre></article><hr>`);
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail catcher</title></head><body>`
      + `<h1>Mail catcher: ${catcher.messages.length} message(s)</h1><p>Reload to see new ones. SMTP at ${escape(catcher.url)}.</p>${rows.join('') || '<p>No message yet.</p>'}</body></html>`;
  });
}
