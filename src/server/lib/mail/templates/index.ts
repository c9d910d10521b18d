import { accountInvitation } from './account-invitation';
import { complaintAnswered } from './complaint-answered';
import { complaintReceived } from './complaint-received';
import { emailChangeConfirm } from './email-change-confirm';
import { emailChangeNotice } from './email-change-notice';
import { emailConfirm } from './email-confirm';
import { notification } from './notification';
import { opportunityDigest } from './opportunity-digest';
import { organisationInvitation } from './organisation-invitation';
import { passwordChanged } from './password-changed';
import { passwordReset } from './password-reset';
import type { MailTemplate } from './types';

/** Every e-mail the platform sends, by the name the outbox stores. */
export const mailTemplates = {
  'password-reset': passwordReset,
  'password-changed': passwordChanged,
  'account-invitation': accountInvitation,
  'email-confirm': emailConfirm,
  'email-change-confirm': emailChangeConfirm,
  'email-change-notice': emailChangeNotice,
  notification,
  'organisation-invitation': organisationInvitation,
  'opportunity-digest': opportunityDigest,
  'complaint-received': complaintReceived,
  'complaint-answered': complaintAnswered,
} satisfies Record<string, MailTemplate<never>>;

export type MailTemplateName = keyof typeof mailTemplates;
export type MailData<Name extends MailTemplateName> = Parameters<(typeof mailTemplates)[Name]>[0];
