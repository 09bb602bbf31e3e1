import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, API_MESSAGES } from '@crm/shared';
import type { AppContext } from '../context.js';
import { CONFLICT, retryOnConflict } from '../db/retry-on-conflict.js';
import { fieldError, notFound } from '../http/app-error.js';

/*
 * The profile photo (issue 23). The upload's bytes are checked to be a PNG, JPEG or WebP by their
 * signature before anything decodes them (libvips would read SVG, PDF, TIFF, … as happily), then
 * decoded by sharp under a pixel limit (libvips reads the dimensions from the header and refuses
 * a decompression bomb before allocating its pixels), turned upright from EXIF, cut to a
 * 256×256 square and written as WebP. Nothing of the upload survives but its pixels: sharp writes
 * no metadata unless asked, so EXIF (location, camera), ICC and XMP are gone.
 */

// libvips' operation cache keeps recent decodes for reuse (up to 50 MB by default); every
// upload here is decoded once, so the cache would only hold memory.
sharp.cache(false);

export type PhotoFormat = 'png' | 'jpeg' | 'webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

/** Which of the accepted formats the bytes are, by their signature; undefined for anything else. */
export function photoFormatOf(bytes: Uint8Array): PhotoFormat | undefined {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'jpeg';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  return undefined;
}

// The upload is one field of the Perfil form: its errors name `photo`.
const notAnImage = () => fieldError('photo', ACCOUNT_MESSAGES.photoNotImage);
const tooManyPixels = () => fieldError('photo', ACCOUNT_MESSAGES.photoTooManyPixels);

/** sharp's own words for `limitInputPixels` (src/common.cc); any other failure is a bad image. */
const PIXEL_LIMIT_ERROR = /exceeds pixel limit/i;

/**
 * The stored form of an upload: a 256×256 WebP (cover: the centre of the image fills the
 * square), upright, without metadata. 400 `photo` when the bytes are not a PNG, JPEG or WebP or
 * do not decode (failOn's default: a warning, such as a truncated file, fails too), and when the
 * image has more than ACCOUNT_LIMITS.photoMaxPixels pixels.
 */
async function storedPhotoOf(bytes: Buffer): Promise<Buffer> {
  if (!photoFormatOf(bytes)) throw notAnImage();
  const size = ACCOUNT_LIMITS.photoSize;
  try {
    return await sharp(bytes, { limitInputPixels: ACCOUNT_LIMITS.photoMaxPixels })
      .autoOrient()
      .resize(size, size, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && PIXEL_LIMIT_ERROR.test(error.message)) throw tooManyPixels();
    throw notAnImage();
  }
}

const PHOTO_URL_PATTERN = /^\/api\/photos\/([A-Za-z0-9_-]{22})\.webp$/;
const photoUrlOf = (id: string) => `/api/photos/${id}.webp`;
/** The id of a photo URL of ours; undefined for '' (and for anything else a user holds). */
const photoIdOf = (url: string | null | undefined) =>
  PHOTO_URL_PATTERN.exec(url ?? '')?.[1] ?? undefined;

/** A compare-and-set that keeps losing means someone is hammering the same account. */
const ATTEMPTS = 5;

/**
 * Points the user at `url` ('' for none), then deletes the photo it replaced. The user's `photo`
 * is swapped only if it is still the value read (no transactions): of two uploads at once, each
 * deletes exactly the photo it replaced, so none is left behind and none still in use goes.
 */
async function pointUserAt(ctx: AppContext, userId: string, url: string): Promise<void> {
  const { Photo } = ctx.models;
  // Retries used up: 503 with Retry-After (ConflictRetriesExhaustedError, error-handler.ts).
  await retryOnConflict(
    async () => {
      // The user's photo field is users/' (ctx.users); the swap is conditional on what was read.
      const user = await ctx.users.photoOf(userId);
      if (!user) throw notFound(API_MESSAGES.userNotFound);
      if (!(await ctx.users.swapPhoto(userId, user.photo ?? null, url))) return CONFLICT;
      const previous = photoIdOf(user.photo);
      if (previous !== undefined && user.photo !== url) await Photo.deleteOne({ _id: previous });
    },
    { attempts: ATTEMPTS },
  );
}

/** PUT /api/me/photo: the caller's new photo, re-encoded and stored; the old one is deleted. */
export async function setPhoto(ctx: AppContext, userId: string, upload: Buffer): Promise<void> {
  const data = await storedPhotoOf(upload);
  // 16 random bytes: 22 base64url characters, an address nobody can guess or enumerate.
  const id = randomBytes(16).toString('base64url');
  await ctx.models.Photo.create({ _id: id, userId, data, createdAt: ctx.clock.now() });
  try {
    await pointUserAt(ctx, userId, photoUrlOf(id));
  } catch (error) {
    // Not in use by anyone: the user went away meanwhile, or the swap never won.
    await ctx.models.Photo.deleteOne({ _id: id });
    throw error;
  }
}

/** DELETE /api/me/photo: no photo (the initials show); the stored one is deleted. */
export async function removePhoto(ctx: AppContext, userId: string): Promise<void> {
  await pointUserAt(ctx, userId, '');
}

/** GET /api/photos/:file: the WebP bytes of `<id>.webp`, or null when there is no such photo. */
export async function photoBytes(ctx: AppContext, file: string): Promise<Buffer | null> {
  const id = /^([A-Za-z0-9_-]{22})\.webp$/.exec(file)?.[1];
  if (id === undefined) return null;
  // Not lean: the driver reads binary data as a BSON Binary; the model gives a Buffer.
  const photo = await ctx.models.Photo.findById(id, { data: 1 });
  return photo ? Buffer.from(photo.data) : null;
}
