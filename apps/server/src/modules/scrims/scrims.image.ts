import sharp from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, SCRIM_MESSAGES } from '@scrim-gym/shared';
import { AppError, badRequest } from '../../lib/errors.js';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (buffer: Buffer, magic: number[]) => magic.every((byte, i) => buffer[i] === byte);

/** Accepts a data URL or bare base64. */
function decodeBase64(input: string): Buffer {
  const payload = input.replace(/^data:[^;,]*;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s]+$/.test(payload)) throw badRequest('The image is not valid base64', 'BAD_IMAGE');
  return Buffer.from(payload, 'base64');
}

/**
 * Checks the type by magic bytes (JPEG or PNG, whatever the name says), the 2 MB limit, and re-encodes with
 * sharp: longest side at most 900 px, metadata stripped, WebP out.
 */
export async function processPostGameImage({ base64, fileName = 'image' }: { base64: string; fileName?: string }) {
  const input = decodeBase64(base64);
  if (input.length > IMAGE_MAX_BYTES) throw new AppError(413, 'IMAGE_TOO_BIG', SCRIM_MESSAGES.imageTooBig(fileName));
  if (!startsWith(input, JPEG) && !startsWith(input, PNG)) {
    throw badRequest(SCRIM_MESSAGES.imageNotImage(fileName), 'NOT_AN_IMAGE');
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { content: data, mimeType: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw badRequest(SCRIM_MESSAGES.imageNotImage(fileName), 'NOT_AN_IMAGE');
  }
}
