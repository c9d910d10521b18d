import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP catcher received and parsed it. */
export interface CaughtMail {
  /** Envelope recipients. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Map<string, unknown>;
  /** Each header as received, e.g. `{ key: 'list-unsubscribe', line: 'List-Unsubscribe: <…>' }`. */
  headerLines: Array<{ key: string; line: string }>;
  attachments: Array<{ filename: string | undefined; contentType: string; content: string }>;
  messageId: string | undefined;
  raw: string;
}

/** The raw value of a header (unfolded), or undefined when the message has none. */
export function headerValue(mail: Pick<CaughtMail, 'headerLines'>, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim();
}

/**
 * A real SMTP server in process (the `smtp-server` package) that keeps what it receives. `stop`
 * closes it (the port then refuses connections, as a mail server that is down), `resume` opens
 * it again on the same port. No Vitest here: e2e and benchmarks may use it too.
 */
export interface MailCatcher {
  url: string;
  received: CaughtMail[];
  /** The messages received for this address, oldest first. */
  to(address: string): CaughtMail[];
  stop(): Promise<void>;
  resume(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const received: CaughtMail[] = [];
  let port = 0;
  let server: SMTPServer;
  let listening = false;

  const open = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Reverse DNS of 127.0.0.1 would cost every connection a lookup.
      disableReverseLookup: true,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw)
            .then((parsed) => {
              received.push({
                to: session.envelope.rcptTo.map((r) => r.address),
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : '',
                headers: parsed.headers as Map<string, unknown>,
                headerLines: [...parsed.headerLines],
                attachments: parsed.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content.toString('utf8') })),
                messageId: parsed.messageId,
                raw: raw.toString('utf8'),
              });
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
    listening = true;
  };
  await open();

  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    to: (address) => received.filter((m) => m.to.includes(address)),
    stop: () =>
      new Promise<void>((resolve) => {
        if (!listening) return resolve();
        listening = false;
        server.close(() => resolve());
      }),
    resume: open,
  };
}

/** The first link of a message's text that goes to `path` (e.g. '/reinitialiser-mot-de-passe'). */
export function linkIn(mail: Pick<CaughtMail, 'text'>, path: string): URL {
  const match = new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S*`).exec(mail.text);
  if (!match) throw new Error(`aucun lien vers ${path} dans : ${mail.text}`);
  return new URL(match[0]);
}
