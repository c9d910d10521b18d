/**
 * A small but real PDF (1.4, one A4 page, Helvetica, WinAnsi encoding so French accents print),
 * written by hand for the demo catalogue's "fiche récapitulative": no PDF library needed for a
 * page of headings and lines.
 */

export interface PdfLine {
  text: string;
  /** Headings are larger and bold. */
  heading?: boolean;
}

/** The WinAnsi (cp1252) bytes of characters outside Latin-1 that French text uses. */
const WIN_ANSI: Record<string, number> = { '’': 0x92, '‘': 0x91, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97, '…': 0x85, œ: 0x9c, Œ: 0x8c, '€': 0x80, '•': 0x95 };

/** A PDF string literal: WinAnsi bytes, with (, ) and \ escaped and anything else unknown made a '?'. */
function pdfString(text: string): string {
  let out = '';
  for (const char of text.replace(/\u00a0|\u202f/g, ' ')) {
    const code = WIN_ANSI[char] ?? char.codePointAt(0)!;
    if (code > 0xff) out += '?';
    else if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (code < 0x20 || code > 0x7e) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += char;
  }
  return `(${out})`;
}

/** Splits a line into pieces of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

/** One A4 page holding `lines` from the top (what does not fit is left out: the demo sheets are short). */
export function demoPdf(title: string, lines: PdfLine[]): Buffer {
  const ops: string[] = ['BT', '/F2 16 Tf', '50 790 Td', '20 TL'];
  for (const piece of wrap(title, 55)) ops.push(`${pdfString(piece)} Tj`, 'T*');
  ops.push('0 -8 Td');
  let room = 40;
  for (const line of lines) {
    const pieces = wrap(line.text, line.heading ? 70 : 90);
    if (line.heading) ops.push('0 -6 Td');
    for (const piece of pieces) {
      if (room-- <= 0) break;
      ops.push(line.heading ? '/F2 12 Tf 17 TL' : '/F1 10.5 Tf 15 TL', `${pdfString(piece)} Tj`, 'T*');
    }
  }
  ops.push('ET');
  const content = ops.join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (EcoForma) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
