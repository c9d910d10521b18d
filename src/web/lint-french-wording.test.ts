// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { configuredRules, jsxRuleTester } from './test/lint-rules';
import frenchWording from '../../eslint/french-wording.js';

/**
 * The French wording rule (eslint/french-wording.js, issue 25): "…" rather than "...", one
 * spelling of e-mail, a capital on the first word of a label only. What it reports and fixes,
 * what it leaves alone (code, proper nouns, acronyms), and that fixed text is never reported again.
 */
const tester = jsxRuleTester();

type Invalid = { code: string; output: string; errors: { messageId: 'ellipsis' | 'email' | 'titleCase' }[] };
const ellipsis = { messageId: 'ellipsis' } as const;
const email = { messageId: 'email' } as const;
const titleCase = { messageId: 'titleCase' } as const;

const invalid: Invalid[] = [
  // Three dots in shown text, in JSX, strings (even a single word) and after a value.
  { code: 'const e = <p>Chargement de la réunion...</p>;', output: 'const e = <p>Chargement de la réunion…</p>;', errors: [ellipsis] },
  { code: "const m = pending ? 'Enregistrement...' : 'Enregistrer';", output: "const m = pending ? 'Enregistrement…' : 'Enregistrer';", errors: [ellipsis] },
  { code: 'const e = <input placeholder="Rechercher des cours..." />;', output: 'const e = <input placeholder="Rechercher des cours…" />;', errors: [ellipsis] },
  { code: 'const t = `${text.slice(0, 80)}...`;', output: 'const t = `${text.slice(0, 80)}…`;', errors: [ellipsis] },
  // Other spellings of e-mail, with their capital and plural.
  { code: "const m = \"L'adresse email est obligatoire.\";", output: "const m = \"L'adresse e-mail est obligatoire.\";", errors: [email] },
  { code: 'const e = <TextField label="Email" />;', output: 'const e = <TextField label="E-mail" />;', errors: [email] },
  { code: "const c = { label: 'Email' };", output: "const c = { label: 'E-mail' };", errors: [email] },
  { code: 'const e = <p>Vous recevrez un courriel puis deux mails.</p>;', output: 'const e = <p>Vous recevrez un e-mail puis deux e-mails.</p>;', errors: [email, email] },
  // Title Case labels: headings, buttons, menu entries, page titles.
  { code: 'const e = <h1>Page Non Trouvée</h1>;', output: 'const e = <h1>Page non trouvée</h1>;', errors: [titleCase] },
  { code: "const e = <Button>S'inscrire Maintenant</Button>;", output: "const e = <Button>S'inscrire maintenant</Button>;", errors: [titleCase] },
  { code: 'const e = <MenuItem>Mes Rendez-vous<span /></MenuItem>;', output: 'const e = <MenuItem>Mes rendez-vous<span /></MenuItem>;', errors: [titleCase] },
  { code: "const e = <Button>{saved ? 'Retirer des favoris' : 'Sauvegarder pour Plus Tard'}</Button>;", output: "const e = <Button>{saved ? 'Retirer des favoris' : 'Sauvegarder pour plus tard'}</Button>;", errors: [titleCase] },
  { code: "usePageTitle('Tableau de Bord Admin');", output: "usePageTitle('Tableau de bord admin');", errors: [titleCase] },
  { code: "const l = { label: \"Statut d'Approbation\", to: '/x' };", output: "const l = { label: \"Statut d'approbation\", to: '/x' };", errors: [titleCase] },
];

const accepted = [
  // Already right.
  'const e = <p>Chargement…</p>;',
  "const m = \"L'adresse e-mail est obligatoire.\"; const l = 'E-mail';",
  'const e = <h1>Explorez nos cours</h1>;',
  // Code: field names, paths, spreads, links, CSS, keys.
  "register('email'); const t = 'email'; const a = { autoComplete: 'email', type: 'email' };",
  "import x from '../lib/x'; const p = '.../'; const u = 'mailto:contact@ecoforma.fr'; const g = 'Gmail';",
  'const e = <input type="email" name="email" autoComplete="email" />;',
  "const o = { 'Adresse email': 1 }; type T = 'Adresse email';",
  "const k = { key: 'firstName, lastName, email', meaning: 'votre e-mail' };",
  // A header the CSV import accepts, quoted as typed.
  'const e = <p>Une ligne d’en-tête («\u00a0email\u00a0», «\u00a0adresse e-mail\u00a0»…) est ignorée.</p>;',
  // Proper nouns, acronyms and a new phrase keep their capitals; sentences are not labels.
  'const e = <h2>Chargement de Jitsi Meet</h2>;',
  'const e = <Button>Télécharger le PDF</Button>;',
  'const e = <h1>Formation RSE – Module 2</h1>;',
  'const e = <p>Contactez le Défenseur des droits.</p>;',
  "const l = { label: 'EcoForma sur Facebook' };",
  'const e = <p>Votre Profil a été mis à jour.</p>;',
];

tester.run('french-wording', frenchWording, {
  // Every fixed output is valid: rerunning the fix changes nothing.
  valid: [...new Set([...accepted, ...invalid.map((test) => test.output)])],
  invalid,
});

describe('french-wording in eslint.config.js', () => {
  const rules = configuredRules();

  it('checks the screens and the shared contracts', async () => {
    const code = "export const m = 'Adresse email...';\n";
    expect(await rules('src/web/features/site/wording.ts', code)).toEqual(['ecoforma/french-wording', 'ecoforma/french-wording']);
    expect(await rules('src/shared/wording.ts', code)).toEqual(['ecoforma/french-wording', 'ecoforma/french-wording']);
  });

  it('leaves tests and the server alone (its logs are English)', async () => {
    const code = "export const m = 'Adresse email...';\n";
    expect(await rules('src/web/features/site/wording.test.ts', code)).toEqual([]);
    expect(await rules('src/server/modules/courses/wording.ts', code)).toEqual([]);
  });
});
