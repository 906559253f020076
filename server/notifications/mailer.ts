/** E-mail through SMTP with nodemailer (SMTP_URL, MAIL_FROM); undefined when no server is configured. */
import nodemailer from 'nodemailer';
import type { Message } from './messages.ts';

export interface Mailer {
  send(to: string, message: Message): Promise<void>;
  close(): void;
}

export function createMailer(smtpUrl: string | undefined, from: string): Mailer | undefined {
  if (!smtpUrl) return undefined;
  // No pool: a delivery job sends one message; a connection per message keeps a broken one from lingering.
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(to, message) {
      await transport.sendMail({ from, to, subject: message.subject, text: message.text, html: message.html });
    },
    close: () => transport.close(),
  };
}
