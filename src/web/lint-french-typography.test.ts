// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { configuredRules, jsxRuleTester } from './test/lint-rules';
import frenchTypography from '../../eslint/french-typography.js';

/**
 * The French typography rule (eslint/french-typography.js): what it reports, what it leaves alone
 * (code-like text), the text its fix writes, and that fixed text is never reported again, so the
 * fix can be rerun over the tree at any time.
 */
const tester = jsxRuleTester();

type Invalid = { code: string; output: string; errors: { messageId: 'wrong' | 'missing' }[] };
const wrong = { messageId: 'wrong' } as const;
const missing = { messageId: 'missing' } as const;

const invalid: Invalid[] = [
  // A breaking space before a sign.
  { code: "const m = 'Erreur : réseau';", output: "const m = 'Erreur\u00a0: réseau';", errors: [wrong] },
  { code: "const m = 'Vraiment ? Oui ! Enfin ; bref.';", output: "const m = 'Vraiment\u00a0? Oui\u00a0! Enfin\u00a0; bref.';", errors: [wrong, wrong, wrong] },
  { code: "const m = 'Étape 2 :';", output: "const m = 'Étape 2\u00a0:';", errors: [wrong] },
  { code: "const m = 'Erreur  : deux espaces';", output: "const m = 'Erreur\u00a0: deux espaces';", errors: [wrong] },
  // One convention: the narrow no-break space (typed or escaped) becomes U+00A0 too.
  { code: "const m = 'Vraiment\u202f?';", output: "const m = 'Vraiment\u00a0?';", errors: [wrong] },
  { code: "const m = 'Vraiment\\u202f? Oui.';", output: "const m = 'Vraiment\u00a0? Oui.';", errors: [wrong] },
  // A missing space, in a French sentence or a French label.
  { code: "const m = 'Erreur: impossible de charger le cours';", output: "const m = 'Erreur\u00a0: impossible de charger le cours';", errors: [missing] },
  { code: 'const m = `Erreur: ${message}`;', output: 'const m = `Erreur\u00a0: ${message}`;', errors: [missing] },
  { code: "const m = 'Vous êtes prêt!';", output: "const m = 'Vous êtes prêt\u00a0!';", errors: [missing] },
  // Guillemets, in strings, templates and server messages.
  { code: "const m = 'Le statut « Publié »';", output: "const m = 'Le statut «\u00a0Publié\u00a0»';", errors: [wrong, wrong] },
  { code: "const m = 'Le statut «Publié».';", output: "const m = 'Le statut «\u00a0Publié\u00a0».';", errors: [missing, missing] },
  {
    code: "throw new AppError('invalid_request', 400, `Le fichier « ${field} » n'est pas attendu.`);",
    output: "throw new AppError('invalid_request', 400, `Le fichier «\u00a0${field}\u00a0» n'est pas attendu.`);",
    errors: [wrong, wrong],
  },
  { code: 'const m = `${label} : ${text}`;', output: 'const m = `${label}\u00a0: ${text}`;', errors: [wrong] },
  // JSX text, across values and child elements, and prose attributes.
  { code: 'const e = <p>Mot de passe oublié ?</p>;', output: 'const e = <p>Mot de passe oublié\u00a0?</p>;', errors: [wrong] },
  { code: 'const e = <p>Module {n} : {title}</p>;', output: 'const e = <p>Module {n}\u00a0: {title}</p>;', errors: [wrong] },
  { code: 'const e = <p>« {title} » et «{other}»</p>;', output: 'const e = <p>«\u00a0{title}\u00a0» et «\u00a0{other}\u00a0»</p>;', errors: [wrong, wrong, missing, missing] },
  { code: "const e = <p>Prix :{' '}{price}</p>;", output: "const e = <p>Prix\u00a0:{' '}{price}</p>;", errors: [wrong] },
  { code: 'const e = <p><strong>Membre</strong> : personne qui se forme</p>;', output: 'const e = <p><strong>Membre</strong>\u00a0: personne qui se forme</p>;', errors: [wrong] },
  { code: 'const e = <p>Bonjour!</p>;', output: 'const e = <p>Bonjour\u00a0!</p>;', errors: [missing] },
  { code: 'const e = <TablePagination labelRowsPerPage="Lignes par page :" />;', output: 'const e = <TablePagination labelRowsPerPage="Lignes par page\u00a0:" />;', errors: [wrong] },
  { code: 'const e = <img alt={`Aperçu : ${name}`} />;', output: 'const e = <img alt={`Aperçu\u00a0: ${name}`} />;', errors: [wrong] },
];

const accepted = [
  // Already right: the character, its escape, its entity.
  "const m = 'Erreur\u00a0: réseau';",
  "const m = 'Erreur\\u00a0: réseau';",
  'const e = <p>Pour qui&nbsp;?</p>;',
  // Code-like text.
  "const u = 'https://ecoforma.fr/cours?page=2&q=climat';",
  "const u = 'mailto:contact@ecoforma.fr'; const t = `tel:${phone}`; const d = 'data:image/png;base64,AAAA';",
  "const t = ['10:30', '16:9', 'Ouvert de 9:00 à 18:00'];",
  "const s = ['a:hover', '&:focus-visible', '(hover: hover)', '(prefers-reduced-motion: reduce)', 'color: red !important'];",
  "const h = ['text/html; charset=utf-8', 'Content-Type: application/json', 'attachment; filename=\"cv.pdf\"'];",
  "const k = ['error_code: invalid_request', '{\"role\": \"admin\", \"note\": \"de\"}', 'Note: see below'];",
  "const c = ['(value: string) => value', 'a ? b : c', 'x ?? y', 'a != b', 'std::string'];",
  "const n = [' : ', '10 : 30', '? : !'];",
  // Places where a string is never shown.
  "import styles from './page.css?inline';",
  "const o = { 'Erreur : clé': 1 };",
  "type T = 'Vraiment ?';",
  "const r = [/Erreur : (.*)/, new RegExp('^Erreur : (.*)$')];",
  "const q = sql`select 'Erreur : x'`;",
  'const e = <a href="https://ecoforma.fr/?q=Erreur : x" className="a :hover">Lien</a>;',
  "'use strict ?';",
];

tester.run('french-typography', frenchTypography, {
  // Every fixed output is valid: rerunning the fix changes nothing.
  valid: [...new Set([...accepted, ...invalid.map((test) => test.output)])],
  invalid,
});

describe('french-typography in eslint.config.js', () => {
  const rules = configuredRules();

  it('checks the product: web screens, shared contracts and server messages', async () => {
    const code = "export const m = 'Erreur : réseau';\n";
    expect(await rules('src/web/features/site/typography.ts', code)).toEqual(['ecoforma/french-typography']);
    expect(await rules('src/shared/typography.ts', code)).toEqual(['ecoforma/french-typography']);
    expect(await rules('src/server/modules/courses/typography.ts', code)).toEqual(['ecoforma/french-typography']);
  });

  it('leaves tests alone: they type what the screen reads', async () => {
    const code = "export const m = 'Erreur : réseau';\n";
    expect(await rules('src/web/features/site/typography.test.ts', code)).toEqual([]);
    expect(await rules('src/server/test/typography.ts', code)).toEqual([]);
  });

  it('accepts the no-break spaces it writes in templates and JSX text (no-irregular-whitespace)', async () => {
    const code = 'export const e = <p>Erreur\u00a0: {`Motif\u00a0: ${1}`}</p>;\n';
    expect(await rules('src/web/features/site/Typography.tsx', code)).toEqual([]);
  });
});
