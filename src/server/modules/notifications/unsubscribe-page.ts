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

/** Before the click: what the button stops, or that it already is. */
export function confirmPage(label: string, emailOn: boolean, action: string, baseUrl: string): string {
  if (!emailOn) {
    return page('Ces e-mails sont déjà désactivés', `${paragraph(`Vous ne recevez plus les e-mails « ${label} ».`)}${paragraph(PREFERENCES_HINT)}${profileLink(baseUrl)}`);
  }
  return page(
    `Ne plus recevoir les e-mails « ${label} » ?`,
    `${paragraph('Vous continuerez à voir ces notifications dans EcoForma, sous la cloche, mais plus par e-mail.')}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<p><button type="submit">Confirmer le désabonnement</button></p>
</form>
${paragraph(PREFERENCES_HINT)}`,
  );
}

/** After the click. */
export function donePage(label: string, changed: boolean, baseUrl: string): string {
  return page(
    changed ? 'Désabonnement effectué' : 'Ces e-mails sont déjà désactivés',
    `${paragraph(`Vous ne recevrez plus les e-mails « ${label} ». Les notifications restent visibles dans EcoForma.`)}${paragraph(PREFERENCES_HINT)}${profileLink(baseUrl)}`,
  );
}

/** A link that is malformed, forged, or mailed to an address the account no longer uses. */
export function invalidLinkPage(message: string, baseUrl: string): string {
  return page('Lien de désabonnement non valable', `${paragraph(message)}${profileLink(baseUrl)}`);
}
