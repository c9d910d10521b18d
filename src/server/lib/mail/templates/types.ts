import type { MailContent } from '../layout';

/** Where the links of a message point. */
export interface MailContext {
  /** PUBLIC_URL, without a trailing slash. */
  baseUrl: string;
}

/** One e-mail: its data (stored in the outbox as JSON) in, its French content out. */
export type MailTemplate<Data> = (data: Data, context: MailContext) => MailContent;
