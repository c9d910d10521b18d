/**
 * The text drawn on the pages of an uncompressed PDF (as pdfkit writes it with `compress: false`):
 * each text operator becomes one line, kerning pieces joined. Good enough to check what a
 * generated document says; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  // `[<48656c6c6f> 20 <776f726c64>] TJ` or `<48656c6c6f> Tj`
  for (const match of source.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
    const hexes = match[1] !== undefined ? [...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]!) : [match[2]!];
    lines.push(hexes.map((hex) => winAnsi(Buffer.from(hex, 'hex'))).join(''));
  }
  return lines.join('\n');
}

/** WinAnsi is Latin-1 apart from a few typographic signs in 0x80–0x9F. */
function winAnsi(bytes: Buffer): string {
  const extra: Record<number, string> = { 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x96: '–', 0x97: '—', 0x85: '…', 0x80: '€' };
  return [...bytes].map((b) => extra[b] ?? String.fromCharCode(b)).join('');
}
