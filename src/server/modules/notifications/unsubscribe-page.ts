import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { webPaths } from '../../../shared/web-paths';

/**
 * The page a person sees when they open the unsubscribe link of a mail in a browser (decision
 * 024). Served by the API itself, not the SPA: it works without JavaScript and without a
 * session. Opening it changes nothing (mail scanners open links); its one button posts the
 * RFC 8058 body to the same address.
 */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const PREFERENCES_HINT = 'Vous pouvez choisir à tout moment les e-mails que vous recevez dans Mon profil, onglet « Paramètres ».';

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – EcoForma</title>
<style>
body{margin:0;background:#f1f8e9;color:#1b2e1f;font-family:Arial,Helvetica,sans-serif;line-height:1.5}
main{max-width:600px;margin:0 auto;padding:32px 16px}
.brand{margin:0 0 24px;font-size:24px;font-weight:bold;color:#1b5e20}
.card{background:#fff;border-radius:8px;padding:24px}
h1{margin:0 0 16px;font-size:24px}
p{margin:0 0 16px;font-size:16px}
button{font:inherit;font-weight:bold;background:#1b5e20;color:#fff;border:0;border-radius:6px;padding:12px 20px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #f57f17;outline-offset:2px}
a{color:#1b5e20}
</style>
</head>
<body>
<main>
<p class="brand">EcoForma</p>
<div class="card">
<h1>${escapeHtml(title)}</h1>
${body}
</div>
</main>
</body>
</html>
`;
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const profileLink = (baseUrl: string) => `<p><a href="${escapeHtml(`${baseUrl}${webPaths.profile}`)}">Ouvrir mon profil EcoForma</a></p>`;

/**
 * Before the click, for any subscription: what the button stops, the button itself (a form posting
 * the RFC 8058 body to `action`), and the hint to the profile's settings.
 */
export function unsubscribeConfirmPage(options: { title: string; paragraphs: string[]; button: string; action: string }): string {
  return page(
    options.title,
    `${options.paragraphs.map(paragraph).join('')}
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<p><button type="submit">${escapeHtml(options.button)}</button></p>
</form>
${paragraph(PREFERENCES_HINT)}`,
  );
}

/** A page with no button (done, already off): its paragraphs, the settings hint and a link to the profile. */
export function unsubscribeMessagePage(title: string, paragraphs: string[], baseUrl: string): string {
  return page(title, `${paragraphs.map(paragraph).join('')}${paragraph(PREFERENCES_HINT)}${profileLink(baseUrl)}`);
}

/** Before the click: what the button stops, or that it already is. */
export function confirmPage(label: string, emailOn: boolean, action: string, baseUrl: string): string {
  if (!emailOn) return unsubscribeMessagePage('Ces e-mails sont déjà désactivés', [`Vous ne recevez plus les e-mails « ${label} ».`], baseUrl);
  return unsubscribeConfirmPage({
    title: `Ne plus recevoir les e-mails « ${label} » ?`,
    paragraphs: ['Vous continuerez à voir ces notifications dans EcoForma, sous la cloche, mais plus par e-mail.'],
    button: 'Confirmer le désabonnement',
    action,
  });
}

/** After the click. */
export function donePage(label: string, changed: boolean, baseUrl: string): string {
  return unsubscribeMessagePage(changed ? 'Désabonnement effectué' : 'Ces e-mails sont déjà désactivés', [`Vous ne recevrez plus les e-mails « ${label} ». Les notifications restent visibles dans EcoForma.`], baseUrl);
}

/** A link that is malformed, forged, or mailed to an address the account no longer uses. */
export function invalidLinkPage(message: string, baseUrl: string): string {
  return page('Lien de désabonnement non valable', `${paragraph(message)}${profileLink(baseUrl)}`);
}

/** A browser opening the link gets a French page; a mail client's one-click POST (or a script) gets JSON. */
export function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

export function sendPage(reply: FastifyReply, status: number, html: string) {
  // The token is in the address: it leaves with no Referer.
  return reply.status(status).header('Content-Type', 'text/html; charset=utf-8').header('Referrer-Policy', 'no-referrer').send(html);
}

/** RFC 8058: the mail client posts `List-Unsubscribe=One-Click` as a form; only the plugins serving unsubscribe links read forms. */
export function acceptOneClickForm(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}
