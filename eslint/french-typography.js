/**
 * French typography in visible text: a no-break space before `:` `;` `!` `?` and inside « »,
 * so that no sign is stranded at the start of a line ("Erreur :", « Publié », « Vraiment ? »).
 *
 * Convention: U+00A0 NO-BREAK SPACE everywhere, never the narrow U+202F: one character that every
 * font, terminal and e-mail client renders, so one rule with one fix (U+202F and thin spaces are
 * replaced by U+00A0 too).
 *
 * The rule reads string literals, template literals and JSX text, and stays silent on what looks
 * like code: import paths, object keys, type-level strings, regular expressions, tagged templates
 * (sql``, css``), code attributes (href, className…), and any sign that is not set in prose:
 * `https://`, `10:30`, `a:hover`, `text/html; charset=utf-8`, `?page=2`, `error_code: x`,
 * `a != b`, strings with no letter before the sign. A missing space ("Erreur: réseau") is only
 * reported in JSX text, in a string that reads as French (an accent, a French word) or in a label
 * opening a template (`Erreur: ${message}`), because `key: value` is common in code. The fix is
 * idempotent: fixed text is never reported again, so `npx eslint --fix` can be rerun at any time.
 */

const NBSP = '\u00a0';
/** Stands for an interpolated value (`${x}`, `{x}`, a child element): a word of unknown content. */
const HOLE = '\ufffc';
/** Breaking spaces that the fix turns into NBSP: space, tab, thin and narrow spaces. */
const BREAKING = new Set([' ', '\t', '\u2009', '\u200a', '\u2008', '\u202f', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006']);
const LETTER = /\p{L}/u;
/** What may end the word a sign follows: a letter, a digit, a closing mark, a value. */
const WORD_END = /[\p{L}\p{Nd})\]»"'’%€$…*.\ufffc]/u;
/** What may follow `:` or `;` in prose: nothing, a space, a value. */
const AFTER_COLON = /^(?:\s|\ufffc)?$/u;
/** What may follow `!` or `?` in prose: nothing, a space, a value, closing punctuation. */
const AFTER_BANG = /^(?:[\s\ufffc!?.,;:)\]»"'’…])?$/u;
/** Text that is code even when it has spaces and letters: operators, a whole ternary (`a ? b : c`). */
const CODE_LIKE = /=>|===|!==|&&|\|\||::|\?\?|^[\w.$()[\]]+ \? [\w.$'"()[\]]+ : [\w.$'"()[\]]+$/;
/** A French accent or a common French word: enough to call a string French prose. */
const FRENCH = /[àâçéèêëîïôûùüÿœæ]|(?:^|[^\p{L}])(?:le|la|les|un|une|des|du|de|et|est|pour|vous|votre|vos|nous|pas|ne|en|au|aux|sur|avec|dans|par|ce|cette|ces|qui|que|il|elle|son|sa|ses|[dlnqjcs][’'])(?=$|[^\p{L}])/iu;

/** A capitalised word opening a template, then a sign and a value: a French label (`Erreur: ${message}`). */
const LABEL = /^\p{Lu}\p{Ll}+[:;!?]\s+\ufffc/u;

/** Two words (or a word and a value) apart: `data:` or `tel:${n}` alone are not prose. */
const PROSE = /\p{L}[:;!?]?\s+[\p{L}\ufffc]/u;

/** JSX attributes whose value is code, never prose. */
const CODE_ATTRIBUTES = new Set([
  'accept',
  'autoComplete',
  'className',
  'd',
  'href',
  'htmlFor',
  'id',
  'inputMode',
  'key',
  'pattern',
  'rel',
  'role',
  'src',
  'target',
  'to',
  'type',
  'viewBox',
]);

/** Where the space goes, named in the report. */
const PLACES = {
  ':': 'avant le deux-points',
  ';': 'avant le point-virgule',
  '!': 'avant le point d’exclamation',
  '?': 'avant le point d’interrogation',
  '«': 'après le guillemet ouvrant',
  '»': 'avant le guillemet fermant',
};

const ENTITIES = { nbsp: NBSP, laquo: '«', raquo: '»', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", thinsp: '\u2009', hellip: '…' };
const SIMPLE_ESCAPES = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', 0: '\0' };

/**
 * @typedef {{ ch: string, start: number, end: number }} Item
 * One character of the text as it is shown, with the source range that spells it (escape and
 * entity included); a HOLE has start = end = -1.
 */

/** The characters of JavaScript string source `raw` (escapes decoded), `offset` being where it starts. */
function decodeScript(raw, offset) {
  /** @type {Item[]} */
  const items = [];
  let i = 0;
  while (i < raw.length) {
    const start = i;
    let ch;
    if (raw[i] === '\\') {
      const next = raw[i + 1] ?? '';
      if (next === 'x') {
        ch = String.fromCodePoint(parseInt(raw.slice(i + 2, i + 4), 16));
        i += 4;
      } else if (next === 'u' && raw[i + 2] === '{') {
        const close = raw.indexOf('}', i);
        ch = String.fromCodePoint(parseInt(raw.slice(i + 3, close), 16));
        i = close + 1;
      } else if (next === 'u') {
        ch = String.fromCharCode(parseInt(raw.slice(i + 2, i + 6), 16));
        i += 6;
      } else if (next === '\r' || next === '\n' || next === '\u2028' || next === '\u2029') {
        // A line continuation shows nothing.
        i += next === '\r' && raw[i + 2] === '\n' ? 3 : 2;
        continue;
      } else {
        ch = SIMPLE_ESCAPES[next] ?? next;
        i += 2;
      }
    } else {
      ch = String.fromCodePoint(raw.codePointAt(i));
      i += ch.length;
    }
    items.push({ ch, start: offset + start, end: offset + i });
  }
  return items;
}

/** The characters of JSX text `raw` (entities decoded), `offset` being where it starts. */
function decodeJsx(raw, offset) {
  /** @type {Item[]} */
  const items = [];
  let i = 0;
  while (i < raw.length) {
    const start = i;
    let ch;
    const entity = raw[i] === '&' ? /^&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/i.exec(raw.slice(i)) : null;
    if (entity) {
      const name = entity[1];
      if (name[0] === '#') ch = String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
      else ch = ENTITIES[name] ?? '\ufffd';
      i += entity[0].length;
    } else {
      ch = String.fromCodePoint(raw.codePointAt(i));
      i += ch.length;
    }
    items.push({ ch, start: offset + start, end: offset + i });
  }
  return items;
}

const hole = () => ({ ch: HOLE, start: -1, end: -1 });

/**
 * The problems of one piece of visible text: `{ kind: 'wrong' | 'missing', sign, range, text }`
 * where the fix replaces `range` of the source by `text`.
 * `jsx` says the text is JSX children (always prose); otherwise a missing space needs French.
 */
function problemsOf(items, jsx) {
  const text = items.map((item) => item.ch).join('');
  if (CODE_LIKE.test(text)) return [];
  const french = jsx || ((FRENCH.test(text) || LABEL.test(text)) && PROSE.test(text));
  const problems = [];
  /** Index of the first item of the breaking-space run that ends just before `index`. */
  const runStart = (index) => {
    let k = index;
    while (k > 0 && BREAKING.has(items[k - 1].ch)) k -= 1;
    return k;
  };
  /** Whether a letter or a value comes before `index`: signs after digits or symbols only are left alone. */
  const wordBefore = (index) => items.slice(0, index).some((item) => LETTER.test(item.ch) || item.ch === HOLE);
  /** Whether the letters just before `index` form a word of prose (not `error_code`, `text/html`, `a.b`). */
  const proseWordBefore = (index) => {
    let k = index;
    while (k > 0 && (LETTER.test(items[k - 1].ch) || (/['’-]/.test(items[k - 1].ch) && k > 1 && LETTER.test(items[k - 2].ch)))) k -= 1;
    if (k === index) return false;
    const before = items[k - 1]?.ch;
    return before === undefined || /[\s(«"“]/u.test(before);
  };
  const replace = (kind, sign, first, last) => problems.push({ kind, sign, range: [items[first].start, items[last].end], text: NBSP });
  const insertBefore = (sign, index) => problems.push({ kind: 'missing', sign, range: [items[index].start, items[index].start], text: NBSP });
  const insertAfter = (sign, index) => problems.push({ kind: 'missing', sign, range: [items[index].end, items[index].end], text: NBSP });

  for (let i = 0; i < items.length; i += 1) {
    const sign = items[i].ch;
    if (sign === '«') {
      const next = items[i + 1];
      if (!next) continue;
      if (BREAKING.has(next.ch)) {
        let k = i + 1;
        while (k < items.length && BREAKING.has(items[k].ch)) k += 1;
        if (k < items.length && !/\s/u.test(items[k].ch) && next.start >= 0) replace('wrong', '«', i + 1, k - 1);
      } else if (!/\s/u.test(next.ch)) {
        insertAfter('«', i);
      }
      continue;
    }
    if (sign === '»') {
      const previous = items[i - 1];
      if (!previous) continue;
      if (BREAKING.has(previous.ch)) {
        const first = runStart(i);
        if (first > 0 && !/\s/u.test(items[first - 1].ch)) replace('wrong', '»', first, i - 1);
      } else if (!/\s/u.test(previous.ch)) {
        insertBefore('»', i);
      }
      continue;
    }
    if (sign !== ':' && sign !== ';' && sign !== '!' && sign !== '?') continue;
    const after = items[i + 1]?.ch ?? '';
    if (!(sign === ':' || sign === ';' ? AFTER_COLON : AFTER_BANG).test(after)) continue;
    const previous = items[i - 1];
    if (!previous) continue;
    if (BREAKING.has(previous.ch)) {
      const first = runStart(i);
      if (first > 0 && WORD_END.test(items[first - 1].ch) && wordBefore(first)) replace('wrong', sign, first, i - 1);
    } else if (french && after !== HOLE && LETTER.test(previous.ch) && proseWordBefore(i)) {
      insertBefore(sign, i);
    }
  }
  return problems.filter((problem) => problem.range[0] >= 0);
}

/** Whether a string literal or template is code rather than visible text, from where it stands. */
function isCodePlace(node) {
  const parent = node.parent;
  if (!parent) return false;
  switch (parent.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'ExportNamedDeclaration':
    case 'ImportExpression':
    case 'TSExternalModuleReference':
    case 'TSLiteralType':
    case 'TSImportType':
    case 'TaggedTemplateExpression':
      return true;
    case 'Property':
    case 'PropertyDefinition':
    case 'MethodDefinition':
    case 'TSPropertySignature':
    case 'TSEnumMember':
      return parent.key === node && !parent.computed;
    case 'ExpressionStatement':
      return parent.directive !== undefined;
    case 'CallExpression':
    case 'NewExpression':
      return parent.callee.type === 'Identifier' && (parent.callee.name === 'RegExp' || parent.callee.name === 'require');
    case 'JSXAttribute':
      return parent.name.type !== 'JSXIdentifier' || CODE_ATTRIBUTES.has(parent.name.name) || parent.name.name.startsWith('data-');
    case 'JSXExpressionContainer':
      return parent.parent?.type === 'JSXAttribute' && isCodePlace(parent);
    default:
      return false;
  }
}

/** A string literal that is a child of a JSX element (`{' '}`): read with its JSX siblings. */
function isJsxChildString(node) {
  return node.parent?.type === 'JSXExpressionContainer' && (node.parent.parent?.type === 'JSXElement' || node.parent.parent?.type === 'JSXFragment');
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'layout',
    fixable: 'whitespace',
    docs: { description: 'Espace insécable (U+00A0) avant : ; ! ? et à l’intérieur des guillemets « », dans le texte affiché.' },
    schema: [],
    messages: {
      wrong: 'Typographie française\u00a0: espace ordinaire {{place}}\u00a0; une espace insécable (U+00A0) empêche le signe de commencer une ligne.',
      missing: 'Typographie française\u00a0: espace insécable (U+00A0) manquante {{place}}.',
    },
  },
  create(context) {
    const source = context.sourceCode;
    const report = (node, problems) => {
      for (const problem of problems) {
        const place = PLACES[problem.sign];
        context.report({
          node,
          loc: { start: source.getLocFromIndex(problem.range[0]), end: source.getLocFromIndex(Math.max(problem.range[1], problem.range[0] + 1)) },
          messageId: problem.kind,
          data: { place },
          fix: (fixer) => fixer.replaceTextRange(problem.range, problem.text),
        });
      }
    };
    const children = (node) => {
      /** @type {Item[]} */
      let items = [];
      const flush = () => {
        if (items.length) report(node, problemsOf(items, true));
        items = [];
      };
      for (const child of node.children) {
        if (child.type === 'JSXText') items.push(...decodeJsx(source.getText(child), child.range[0]));
        else if (child.type === 'JSXExpressionContainer' && child.expression.type === 'JSXEmptyExpression') continue;
        else if (child.type === 'JSXExpressionContainer' && child.expression.type === 'Literal' && typeof child.expression.value === 'string') {
          items.push(...decodeScript(child.expression.raw.slice(1, -1), child.expression.range[0] + 1));
        } else items.push(hole());
      }
      flush();
    };
    return {
      Literal(node) {
        if (typeof node.value !== 'string' || isCodePlace(node) || isJsxChildString(node)) return;
        const raw = node.raw.slice(1, -1);
        const inAttribute = node.parent?.type === 'JSXAttribute';
        report(node, problemsOf(inAttribute ? decodeJsx(raw, node.range[0] + 1) : decodeScript(raw, node.range[0] + 1), false));
      },
      TemplateLiteral(node) {
        if (isCodePlace(node)) return;
        /** @type {Item[]} */
        const items = [];
        node.quasis.forEach((quasi, index) => {
          if (index > 0) items.push(hole());
          items.push(...decodeScript(quasi.value.raw, quasi.range[0] + 1));
        });
        report(node, problemsOf(items, false));
      },
      JSXElement: children,
      JSXFragment: children,
    };
  },
};

export default rule;

/** Shared with french-wording.js: where a string is code, not visible text. */
export { isCodePlace, isJsxChildString };
