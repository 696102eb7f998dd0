import sharp from 'sharp';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, IMAGE_TYPES, SCRIM_MESSAGES } from '@scrim-gym/shared';
import { AppError, badRequest } from '../../../lib/errors.js';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (buffer: Buffer, magic: number[]) => magic.every((byte, i) => buffer[i] === byte);

/** Content types the upload reads as raw bytes; the bytes themselves decide what the file is (magic bytes). */
export const IMAGE_UPLOAD_TYPES = [...IMAGE_TYPES, 'application/octet-stream'];

const NO_IMAGE = 'No image provided';
/** The upload's body: the file's bytes (documented as a binary string). */
export const imageBodySchema = z
  .instanceof(Buffer, { error: NO_IMAGE })
  .refine((bytes) => bytes.length > 0, NO_IMAGE)
  .meta({ type: 'string', format: 'binary', description: 'The image file itself: a JPEG or a PNG of at most 2 MB' });

export const imageTooBig = (fileName = 'image') =>
  new AppError(413, 'IMAGE_TOO_BIG', SCRIM_MESSAGES.imageTooBig(fileName));

/**
 * Checks the type by magic bytes (JPEG or PNG, whatever the name or content type says), the 2 MB limit, and
 * re-encodes with sharp: longest side at most 900 px, metadata stripped, WebP out.
 */
export async function processPostGameImage({ input, fileName = 'image' }: { input: Buffer; fileName?: string }) {
  if (input.length > IMAGE_MAX_BYTES) throw imageTooBig(fileName);
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
