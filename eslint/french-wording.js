/**
 * French wording on screen that can be checked mechanically (issue 25, newcomer 11), beside the
 * spacing of french-typography.js:
 * - `ellipsis`: "..." is written "…" (one character), in JSX text and in strings shown;
 * - `email`: one spelling, "e-mail": not "email", "mail" nor "courriel" in French text;
 * - `titleCase`: headings, buttons and labels take a capital on their first word only
 *   ("Tableau de bord", not "Tableau De Bord"); proper nouns and acronyms keep theirs.
 *
 * Strings are read only where they are shown: never import paths, object keys, types, regular
 * expressions or code attributes (same places as french-typography.js), and a string must hold a
 * space to count as text ('email' alone is a field name). The fixes are idempotent.
 */
import { isCodePlace } from './french-typography.js';

/** Three dots that are not part of a path ('../') nor of a longer run. */
const DOTS = /(?<![.])\.\.\.(?![./])/g;
/** The other spellings of e-mail, as whole words (not `mailto:`, `Gmail`, `user.email`, `email_x`). */
const EMAIL_WORD = /(?<![\p{L}\p{N}_.@/-])(e-?mails?|courriels?|mails?)(?![\p{L}\p{N}_@-])/giu;
/** Words that keep their capital in the middle of a label. */
const PROPER_NOUNS = new Set([
  'EcoForma',
  'Jitsi',
  'Meet',
  'France',
  'Paris',
  'Europe',
  'Google',
  'Microsoft',
  'Outlook',
  'Thunderbird',
  'Apple',
  'Markdown',
  'Moodle',
  'Qualiopi',
  'Vrai',
  'Faux',
  'Facebook',
  'Instagram',
  'YouTube',
  'Word',
  'Excel',
  'Défenseur',
  'Internet',
]);
/** Attributes and properties that hold a heading, a button's or a field's label. */
const LABEL_NAMES = new Set(['label', 'title', 'aria-label', 'submitLabel', 'confirmLabel', 'heading', 'placeholder']);
const SEPARATORS = /[–—:;.!?«»()[\]/|,·"“”\n]/u;

function whitespaceText(text) {
  return /\s/u.test(text.trim());
}

/** Each e-mail word to replace, with what replaces it: 'Email' -> 'E-mail', 'courriels' -> 'e-mails'. */
function emailWords(text) {
  const found = [];
  for (const match of text.matchAll(EMAIL_WORD)) {
    const word = match[0];
    if (/^e-mails?$/iu.test(word)) continue;
    // Quoted as typed (« email », a CSV header the import accepts): a literal, not wording.
    if (/«[\s\u00a0]*$/u.test(text.slice(0, match.index))) continue;
    const plural = /s$/iu.test(word) ? 's' : '';
    const upper = /^\p{Lu}/u.test(word);
    found.push({ index: match.index, word, replacement: `${upper ? 'E' : 'e'}-mail${plural}` });
  }
  return found;
}

/** The capitalised words after the first of each phrase, when the text is written in Title Case. */
function titleCaseWords(text) {
  const words = [];
  for (const phrase of text.split(SEPARATORS)) {
    const tokens = phrase.trim().split(/\s+/u).filter((token) => /\p{L}/u.test(token));
    for (const token of tokens.slice(1)) {
      const word = token.replace(/^[dlnqjcsDLNQJCS][’']/u, '').replace(/[^\p{L}’'-]/gu, '');
      if (word.length < 2 || PROPER_NOUNS.has(word)) continue;
      // An acronym (RSE, SIRET, PDF, CV) or a word with capitals inside (EcoForma) keeps them.
      if (!/^\p{Lu}\p{Ll}/u.test(word) || /\p{Lu}/u.test(word.slice(1).replace(/-\p{Lu}/gu, ''))) continue;
      words.push(token);
    }
  }
  return words;
}

/** The text with each Title Case word lowered (the suggestion shown, and the fix). */
function sentenceCase(text) {
  return text
    .split(/(\s+)/u)
    .map((part, index, parts) => {
      const before = parts.slice(0, index).join('');
      const phraseStart = before.trim() === '' || SEPARATORS.test(before.trim().slice(-1));
      if (phraseStart || !titleCaseWords(`x ${part}`).length) return part;
      return part.replace(/^([dlnqjcsDLNQJCS][’'])?(\p{Lu})/u, (_m, elision = '', letter) => `${elision}${letter.toLocaleLowerCase('fr-FR')}`);
    })
    .join('');
}

/** A string shown as an element's content, directly or as a branch: {saved ? 'Retirer' : 'Sauvegarder'}. */
function isJsxShown(node) {
  let current = node;
  while (current.parent?.type === 'ConditionalExpression' || current.parent?.type === 'LogicalExpression') {
    if (current.parent.type === 'ConditionalExpression' && current.parent.test === current) return false;
    current = current.parent;
  }
  const container = current.parent;
  return container?.type === 'JSXExpressionContainer' && (container.parent?.type === 'JSXElement' || container.parent?.type === 'JSXFragment');
}

/** A short text that is not a sentence (no final punctuation): a heading, a button or a menu entry. */
function isShortLabel(text) {
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length < 60 && !/[.!?:…]$/u.test(trimmed);
}

/** Whether a string literal or template is a label: a label attribute or property, or a page title. */
function isLabelPlace(node) {
  if (isJsxShown(node)) return isShortLabel(typeof node.value === 'string' ? node.value : '');
  let current = node;
  if (current.parent?.type === 'JSXExpressionContainer') current = current.parent;
  const parent = current.parent;
  if (!parent) return false;
  if (parent.type === 'JSXAttribute') return parent.name.type === 'JSXIdentifier' && LABEL_NAMES.has(parent.name.name);
  if (parent.type === 'Property') return parent.value === current && !parent.computed && LABEL_NAMES.has(parent.key.name ?? parent.key.value);
  if (parent.type === 'CallExpression') return parent.callee.type === 'Identifier' && parent.callee.name === 'usePageTitle';
  return false;
}

/** The value of a `key` property names fields of code ({ key: 'firstName, lastName, email' }). */
function isKeyValue(node) {
  return node.parent?.type === 'Property' && node.parent.value === node && (node.parent.key.name ?? node.parent.key.value) === 'key';
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'suggestion',
    fixable: 'code',
    docs: { description: 'Texte affiché en français\u00a0: « … » et non « ... », « e-mail » partout, majuscule au premier mot seulement.' },
    schema: [],
    messages: {
      ellipsis: 'Typographie française\u00a0: des points de suspension «\u00a0…\u00a0» (un caractère), pas «\u00a0...\u00a0».',
      email: 'Une seule orthographe à l’écran\u00a0: «\u00a0{{replacement}}\u00a0», pas «\u00a0{{word}}\u00a0».',
      titleCase: 'Majuscule au premier mot seulement\u00a0: «\u00a0{{suggestion}}\u00a0», pas «\u00a0{{text}}\u00a0».',
    },
  },
  create(context) {
    const source = context.sourceCode;

    /**
     * Checks one piece of shown text. `raw` is its source (between quotes, or the JSX text) and
     * `start` where it begins; `value` the text as shown. Fixes work on `raw`, where dots and
     * letters are spelled as shown (an escaped letter is left for a person to fix).
     */
    function check(node, raw, start, value, { prose, label, afterValue = false }) {
      const fixRaw = (from, to) => {
        const at = raw.indexOf(from);
        return at < 0 ? null : (fixer) => fixer.replaceTextRange([start + at, start + at + from.length], to);
      };
      // "Chargement..." alone is text too: three dots after a letter are never code.
      if ((/\p{L}/u.test(value) || (afterValue && value.startsWith('...'))) && DOTS.test(value)) {
        DOTS.lastIndex = 0;
        const ranges = [...raw.matchAll(DOTS)].map((m) => [start + m.index, start + m.index + 3]);
        context.report({
          node,
          messageId: 'ellipsis',
          fix: ranges.length ? (fixer) => ranges.map((range) => fixer.replaceTextRange(range, '…')) : null,
        });
      }
      DOTS.lastIndex = 0;
      // 'Email' alone, capitalised, is a label; 'email' alone is a field name.
      if (prose || /^\p{Lu}/u.test(value.trim())) {
        for (const { word, replacement } of emailWords(value)) {
          context.report({ node, messageId: 'email', data: { word, replacement }, fix: fixRaw(word, replacement) });
        }
      }
      if (label && titleCaseWords(value).length > 0) {
        const text = value.trim();
        const suggestion = sentenceCase(text);
        context.report({ node, messageId: 'titleCase', data: { text, suggestion }, fix: suggestion !== text ? fixRaw(text, suggestion) : null });
      }
    }

    return {
      Literal(node) {
        if (typeof node.value !== 'string' || isCodePlace(node) || isKeyValue(node)) return;
        const label = isLabelPlace(node);
        check(node, node.raw.slice(1, -1), node.range[0] + 1, node.value, { prose: whitespaceText(node.value) || label, label });
      },
      TemplateLiteral(node) {
        if (isCodePlace(node)) return;
        const label = isLabelPlace(node);
        node.quasis.forEach((quasi, index) => {
          const value = quasi.value.cooked ?? '';
          const prose = whitespaceText(node.quasis.map((q) => q.value.cooked ?? '').join('x')) || label;
          // `${text}...`: dots after a value end a cut text.
          check(node, quasi.value.raw, quasi.range[0] + 1, value, { prose, label: label && node.quasis.length === 1, afterValue: index > 0 });
        });
      },
      JSXText(node) {
        const raw = source.getText(node);
        check(node, raw, node.range[0], node.value, { prose: true, label: isShortLabel(node.value) });
      },
    };
  },
};

export default rule;
