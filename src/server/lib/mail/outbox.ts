import type { Executor } from '../../db/client';
import { mailOutbox, type MailAttachmentData } from '../../db/schema';
import type { MailData, MailTemplateName } from './templates';

export type MailAttachment = MailAttachmentData;

export interface QueuedMail<Name extends MailTemplateName> {
  to: string;
  template: Name;
  data: MailData<Name>;
  /**
   * Extra headers, sent as given; in a `List-*` header (RFC 2369) a URI written as a path
   * (`</api/…>`) is completed with PUBLIC_URL when the message is sent, like the templates' links.
   */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
}

/** Headers the worker writes itself: a queued message may not replace them. */
const RESERVED_HEADERS = new Set(['from', 'to', 'cc', 'bcc', 'subject', 'date', 'message-id', 'content-type', 'content-transfer-encoding', 'mime-version', 'content-language']);
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,76}$/;

/** A header name or value that could smuggle another header in (CR, LF) is a bug of the caller: refused, nothing queued. */
function checkHeaders(headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) throw new Error(`en-tête d’e-mail refusé : ${name}`);
    if (/[\r\n\0]/.test(value)) throw new Error(`valeur d’en-tête d’e-mail refusée : ${name}`);
  }
}

/**
 * Puts a message in the outbox. Call it with the transaction of the event that causes the mail:
 * the message exists if and only if the event happened, and the worker sends it after commit.
 * Headers and attachments are stored in the row, so every process sends exactly what was queued.
 */
export async function queueMail<Name extends MailTemplateName>(tx: Executor, mail: QueuedMail<Name>): Promise<void> {
  if (mail.headers) checkHeaders(mail.headers);
  await tx.insert(mailOutbox).values({
    recipient: mail.to,
    template: mail.template,
    data: mail.data as Record<string, unknown>,
    headers: mail.headers && Object.keys(mail.headers).length > 0 ? mail.headers : null,
    attachments: mail.attachments && mail.attachments.length > 0 ? mail.attachments : null,
  });
}

/** Several messages in one insert (an organisation's import of up to 1,000 invitations), same rules as `queueMail`. */
export async function queueMails<Name extends MailTemplateName>(tx: Executor, mails: QueuedMail<Name>[]): Promise<void> {
  if (mails.length === 0) return;
  for (const mail of mails) if (mail.headers) checkHeaders(mail.headers);
  await tx.insert(mailOutbox).values(
    mails.map((mail) => ({
      recipient: mail.to,
      template: mail.template,
      data: mail.data as Record<string, unknown>,
      headers: mail.headers && Object.keys(mail.headers).length > 0 ? mail.headers : null,
      attachments: mail.attachments && mail.attachments.length > 0 ? mail.attachments : null,
    })),
  );
}
