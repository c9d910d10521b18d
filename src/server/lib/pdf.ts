/**
 * A PDF drawn by pdfkit, as a Buffer: A4, 50 pt margins, French, streams left uncompressed so
 * that its words stay readable to a test and a search tool. pdfkit is loaded with the first
 * document, not at start-up (decision 026).
 */
export async function renderPdf(info: { title: string; author: string; subject?: string }, draw: (doc: PDFKit.PDFDocument) => void | Promise<void>): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: false, info: { Title: info.title, Author: info.author, ...(info.subject ? { Subject: info.subject } : {}) }, lang: 'fr-FR' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  await draw(doc);
  doc.end();
  return done;
}
