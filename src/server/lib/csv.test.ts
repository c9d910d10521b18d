import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, toCsv } from './csv';

describe('CSV cells', () => {
  it.each([
    ['plain text', 'Très bien', 'Très bien'],
    ['the separator', 'a;b', '"a;b"'],
    ['quotes', 'le "meilleur"', '"le ""meilleur"""'],
    ['a line break', 'ligne 1\nligne 2', '"ligne 1\nligne 2"'],
    ['a carriage return', 'a\r\nb', '"a\r\nb"'],
    ['a comma (not a separator here)', '4,5 sur 5', '4,5 sur 5'],
    ['a formula', '=1+1', "'=1+1"],
    ['a plus sign first', '+33', "'+33"],
    ['a minus sign first', '-1', "'-1"],
    ['an at sign first', '@cmd', "'@cmd"],
    ['a tab first', '\t=1', "'\t=1"],
    ['a formula with quotes', '=HYPERLINK("x";"y")', '"\'=HYPERLINK(""x"";""y"")"'],
  ])('writes %s as it must be read back', (_name, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes numbers as they are and empty values as empty cells', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('starts with a BOM and ends every line with CRLF', () => {
    expect(toCsv(['Nom', 'Note'], [['Zoé', 5]])).toBe('\uFEFFNom;Note\r\nZoé;5\r\n');
  });
});

describe('CSV reading (an organisation imports its members)', () => {
  it('reads semicolons or commas, quotes, line ends of every system and a BOM, with line numbers', () => {
    expect(parseCsv('\ufeffa;b\r\n"c;d";"e ""f"""\n\rg')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c;d', 'e "f"'] },
      { line: 3, cells: [''] },
      { line: 4, cells: ['g'] },
    ]);
    expect(parseCsv('email,nom\nx@y.fr,"Dupont, Jean"')).toEqual([
      { line: 1, cells: ['email', 'nom'] },
      { line: 2, cells: ['x@y.fr', 'Dupont, Jean'] },
    ]);
    expect(parseCsv('"sur\ndeux lignes";x\nsuite')).toEqual([
      { line: 1, cells: ['sur\ndeux lignes', 'x'] },
      { line: 3, cells: ['suite'] },
    ]);
  });
});
