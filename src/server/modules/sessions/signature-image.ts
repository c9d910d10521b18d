import { createHash } from 'node:crypto';
import { SIGNATURE_MAX_BYTES, sessionMessages, type SignatureBody } from '../../../shared/live-sessions';
import { AppError } from '../../lib/app-error';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A pad smaller than this holds no readable signature; larger is not a pad. */
const MIN_WIDTH = 100;
const MIN_HEIGHT = 40;
const MAX_SIDE = 3000;
/** At least this many pixels of ink: a dot or a stray tap is not a signature. */
const MIN_INK_PIXELS = 50;

export interface SignatureImage {
  png: Buffer;
  sha256: string;
  method: 'drawn' | 'typed';
}

function refuse(message: string): never {
  throw AppError.validation({ signature_png: [message] }, message);
}

/**
 * A drawn signature as the pad sends it (base64 PNG, a `data:image/png;base64,` prefix allowed),
 * checked by its content, not its name: PNG bytes, at most 200 KB, the size of a pad, and some ink
 * on it (a blank pad is refused).
 */
export async function checkDrawnSignature(base64: string): Promise<Buffer> {
  const text = base64.replace(/^data:image\/png;base64,/, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) refuse(sessionMessages.signatureInvalid);
  const png = Buffer.from(text, 'base64');
  if (png.length > SIGNATURE_MAX_BYTES) refuse(sessionMessages.signatureTooLarge);
  if (png.length < PNG_MAGIC.length || !png.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) refuse(sessionMessages.signatureInvalid);
  // sharp is loaded with the first signature, not at start-up (decision 026).
  const { default: sharp } = await import('sharp');
  let raw: { data: Buffer; info: { width: number; height: number } };
  try {
    const meta = await sharp(png).metadata();
    if (meta.format !== 'png') refuse(sessionMessages.signatureInvalid);
    if ((meta.width ?? 0) > MAX_SIDE || (meta.height ?? 0) > MAX_SIDE) refuse(sessionMessages.signatureTooLarge);
    if ((meta.width ?? 0) < MIN_WIDTH || (meta.height ?? 0) < MIN_HEIGHT) refuse(sessionMessages.signatureTooSmall);
    // Ink is what is darker than the paper, on a transparent pad as on a white one.
    raw = await sharp(png).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof AppError) throw error;
    refuse(sessionMessages.signatureInvalid);
  }
  let ink = 0;
  for (const value of raw.data) if (value < 160) ink++;
  if (ink < MIN_INK_PIXELS) refuse(sessionMessages.signatureEmpty);
  return png;
}

/** Pango markup is the only way sharp draws text: the typed name's markup characters are escaped. */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The keyboard alternative (decision 049): the typed name, drawn by the server into a PNG in an
 * italic hand, so the sheet shows an image for every signature and one hash covers each.
 */
export async function renderTypedSignature(name: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const text = await sharp({ text: { text: `<span foreground="#1a237e">${escapeMarkup(name.replace(/\s+/g, ' ').trim())}</span>`, font: 'sans italic 32', rgba: true, dpi: 96 } })
    .png()
    .toBuffer();
  const meta = await sharp(text).metadata();
  const width = Math.min(MAX_SIDE, Math.max(MIN_WIDTH * 3, (meta.width ?? 0) + 40));
  return sharp({ create: { width, height: Math.max(MIN_HEIGHT * 2, (meta.height ?? 0) + 40), channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0 } } })
    .composite([{ input: text, left: 20, top: 20 }])
    .png()
    .toBuffer();
}

/** The signature of a request body: exactly one of the drawn PNG and the typed name. */
export async function signatureFromBody(body: SignatureBody): Promise<SignatureImage> {
  const drawn = body.signature_png !== undefined && body.signature_png !== '';
  const typed = body.typed_name !== undefined;
  if (drawn && typed) throw AppError.validation({ signature_png: [sessionMessages.oneSignatureKind] }, sessionMessages.oneSignatureKind);
  if (!drawn && !typed) throw AppError.validation({ signature_png: [sessionMessages.signatureRequired] }, sessionMessages.signatureRequired);
  const png = drawn ? await checkDrawnSignature(body.signature_png!) : await renderTypedSignature(body.typed_name!);
  return { png, sha256: createHash('sha256').update(png).digest('hex'), method: drawn ? 'drawn' : 'typed' };
}
