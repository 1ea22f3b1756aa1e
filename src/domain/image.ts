/**
 * Chat image upload (SPEC 5): a wrong format is rejected; a file larger than 500KB is
 * rejected. Accepted formats are the four every browser can show inline.
 */
import { IMAGE_MAX_BYTES } from './constants';
import { fail, ok, problem, type Result } from './result';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** What a File (or a test double) tells us before reading it. */
export interface ImageFileInfo {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

const FORMAT_BY_MIME: Readonly<Record<string, ImageFormat>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const FORMAT_BY_EXTENSION: Readonly<Record<string, ImageFormat>> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
};

/** 500 for 500 * 1024: SPEC's "500KB" is read as 500 KiB, the size in the message. */
const IMAGE_MAX_KB = IMAGE_MAX_BYTES / 1024;

/**
 * The format a file claims, or null: its MIME type (case-insensitive) and its extension
 * (case-insensitive) must both name the same accepted format. "photo.png" sent as
 * image/jpeg, a file without extension, or an empty type (browsers give "" for unknown
 * files) are refused: the server and the chat renderer trust both.
 */
export function claimedImageFormat(file: Pick<ImageFileInfo, 'name' | 'type'>): ImageFormat | null {
  const byMime = FORMAT_BY_MIME[file.type.trim().toLowerCase()];
  const dot = file.name.lastIndexOf('.');
  if (byMime === undefined || dot < 0) return null;
  const byExtension = FORMAT_BY_EXTENSION[file.name.slice(dot + 1).toLowerCase()];
  return byExtension === byMime ? byMime : null;
}

/**
 * Checks an image chosen for upload. Format is checked first (no point in a size message
 * for a file we would refuse anyway). An empty file (size 0), or a size that is not a
 * non-negative finite number, cannot be an image and gets the format message. Exactly
 * 500 * 1024 bytes is accepted; one byte more is too large.
 */
export function validateImageFile(file: ImageFileInfo): Result<ImageFormat> {
  const format = claimedImageFormat(file);
  if (format === null || !Number.isFinite(file.size) || file.size <= 0) {
    return fail(problem('validation.image.format'));
  }
  if (file.size > IMAGE_MAX_BYTES) return fail(problem('validation.image.tooLarge', { maxKb: IMAGE_MAX_KB }));
  return ok(format);
}

const startsWith = (bytes: Uint8Array, offset: number, expected: readonly number[]): boolean =>
  bytes.length >= offset + expected.length && expected.every((b, i) => bytes[offset + i] === b);

const ascii = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const GIF87A = ascii('GIF87a');
const GIF89A = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/** Bytes to read from the start of a file for sniffImageType. */
export const IMAGE_SNIFF_BYTES = 12;

/**
 * The format the first bytes of a file actually have, from their magic numbers, or null.
 * Catches a renamed file (a .exe called .png) that the name and MIME checks let through.
 */
export function sniffImageType(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, 0, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, 0, JPEG_SIGNATURE)) return 'jpeg';
  if (startsWith(bytes, 0, GIF87A) || startsWith(bytes, 0, GIF89A)) return 'gif';
  if (startsWith(bytes, 0, RIFF) && startsWith(bytes, 8, WEBP)) return 'webp';
  return null;
}

/**
 * validateImageFile plus the content check: the file's first bytes (at least
 * IMAGE_SNIFF_BYTES of them) must be the format its name and type claim.
 */
export function validateImageContent(file: ImageFileInfo, head: Uint8Array): Result<ImageFormat> {
  const checked = validateImageFile(file);
  if (!checked.ok) return checked;
  if (sniffImageType(head) !== checked.value) return fail(problem('validation.image.format'));
  return checked;
}
