/** What a template says; `renderMail` lays it out as an accessible HTML page and as plain text. */
export interface MailContent {
  subject: string;
  /** The first line, e.g. "Bonjour Camille,". */
  greeting: string;
  paragraphs: string[];
  /** The one thing to do, shown as a button-like link and written out in full below it. */
  action?: { label: string; url: string };
  /** Paragraphs after the action (validity, "if it was not you…"). */
  after?: string[];
  /**
   * Non-essential messages only (decision 024): why the reader receives it and the link that stops
   * this kind of message, written in the footer. Essential ones (password, security) have none.
   */
  unsubscribe?: { reason: string; url: string };
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export const PLATFORM_NAME = 'EcoForma';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1b2e1f">${escapeHtml(text)}</p>`;

/**
 * One column, real text (no image carries meaning), contrasted colours, `lang="fr"`, a link whose
 * text says where it goes: what a screen reader and a text-only client need.
 */
export function renderMail(content: MailContent): RenderedMail {
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#1b5e20;color:#ffffff;padding:12px 20px;border-radius:6px;font-size:16px;font-weight:bold;text-decoration:none">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#37474f">Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur&nbsp;:<br><a href="${escapeHtml(content.action.url)}" style="color:#1b5e20;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const unsubscribe = content.unsubscribe
    ? `<p style="margin:8px 0 0;font-size:13px;line-height:1.5;color:#37474f">${escapeHtml(content.unsubscribe.reason)} <a href="${escapeHtml(content.unsubscribe.url)}" style="color:#1b5e20">Ne plus recevoir ces e-mails</a></p>
`
    : '';
  const html = `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f8e9;font-family:Arial,Helvetica,sans-serif">
<div role="article" aria-label="${escapeHtml(content.subject)}" lang="fr" style="max-width:600px;margin:0 auto;padding:24px">
<p style="margin:0 0 24px;font-size:24px;font-weight:bold;color:#1b5e20">${PLATFORM_NAME}</p>
<div style="background:#ffffff;border-radius:8px;padding:24px">
${paragraph(content.greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${action}
${(content.after ?? []).map(paragraph).join('\n')}
<p style="margin:16px 0 0;font-size:16px;line-height:1.5;color:#1b2e1f">L’équipe ${PLATFORM_NAME}</p>
</div>
<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:#37474f">Ce message vous est envoyé automatiquement par ${PLATFORM_NAME}, plateforme de formation au développement durable. Merci de ne pas y répondre.</p>
${unsubscribe}</div>
</body>
</html>
`;
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label} : ${content.action.url}`] : []),
    ...(content.after ?? []),
    `L’équipe ${PLATFORM_NAME}`,
    '--',
    `Ce message vous est envoyé automatiquement par ${PLATFORM_NAME}, plateforme de formation au développement durable. Merci de ne pas y répondre.`,
    ...(content.unsubscribe ? [`${content.unsubscribe.reason} Ne plus recevoir ces e-mails : ${content.unsubscribe.url}`] : []),
  ].join('\n\n');
  return { subject: content.subject, html, text: `${text}\n` };
}
