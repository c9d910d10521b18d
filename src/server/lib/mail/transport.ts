import fs from 'node:fs/promises';
import path from 'node:path';
import type Mail from 'nodemailer/lib/mailer';
import type { MailSettings } from '../../config';

/** Where a built message goes: an SMTP server, or a .eml file when no server is configured. */
export interface MailTransport {
  /** Sends; resolves with the .eml path for the file transport. Throws when the message could not go. */
  send(message: Mail.Options, fileStem: string): Promise<{ file?: string }>;
  close(): void;
}

/** Bounded waits: a silent SMTP server fails the attempt (and it is retried) well within the claim's lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

type Nodemailer = typeof import('nodemailer');
type Transporter = ReturnType<Nodemailer['createTransport']>;

/**
 * nodemailer's transporter, made on the first message: the module is loaded on first use, not
 * at start-up (decision 026).
 */
function lazyTransporter(create: (nodemailer: Nodemailer) => Transporter) {
  let made: Promise<Transporter> | undefined;
  let transporter: Transporter | undefined;
  return {
    get: () =>
      (made ??= import('nodemailer').then((module) => {
        transporter = create((module as unknown as { default?: Nodemailer }).default ?? module);
        return transporter;
      })),
    close: () => transporter?.close(),
  };
}

export function createMailTransport(settings: MailSettings): MailTransport {
  if (settings.smtpUrl) {
    const smtp = lazyTransporter((nodemailer) =>
      nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS } as Parameters<typeof nodemailer.createTransport>[0]),
    );
    return {
      async send(message) {
        await (await smtp.get()).sendMail(message);
        return {};
      },
      close: smtp.close,
    };
  }
  // nodemailer's stream transport builds the RFC 822 message without sending it.
  const builder = lazyTransporter((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }));
  return {
    async send(message, fileStem) {
      const info = await (await builder.get()).sendMail(message);
      await fs.mkdir(settings.dir, { recursive: true });
      const file = path.join(settings.dir, `${fileStem}.eml`);
      // Written under a temporary name then renamed, so nobody reads a half-written message.
      const partial = `${file}.part`;
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
      return { file };
    },
    close: builder.close,
  };
}
