/**
 * Sending a picture (SPEC 5): the file is checked by name, type, size and its first bytes
 * (domain/image.ts) before anything is read in full or uploaded; then it is uploaded as
 * base64 and the URL the live service answers is what the chat message carries.
 */
import type { Api } from '../../api';
import { IMAGE_SNIFF_BYTES, validateImageContent } from '../../domain/image';
import type { Problem } from '../../domain/result';
import { safeUrl } from '../../realtime/chatEntry';

export type ImageCheck = { readonly ok: true } | { readonly ok: false; readonly problem: Problem };

/** Checks a chosen file; reads only its first bytes. */
export async function checkImageFile(file: File): Promise<ImageCheck> {
  const head = new Uint8Array(await file.slice(0, IMAGE_SNIFF_BYTES).arrayBuffer());
  const checked = validateImageContent({ name: file.name, type: file.type, size: file.size }, head);
  return checked.ok ? { ok: true } : { ok: false, problem: checked.error };
}

/** Base64 of bytes without a data: prefix, in chunks (one spread of 500 KB would overflow the stack). */
export function toBase64(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/**
 * The image URL of an upload answer `{ url }`, when it is one every viewer's chat will
 * keep (http(s) or root-relative, the rule of chatEntry.safeUrl); else null.
 */
export function uploadedUrl(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null) return null;
  return safeUrl((answer as { url?: unknown }).url);
}

/**
 * Uploads a checked file. Resolves to the image URL, or null when the answer holds no usable
 * URL; a failed call throws the client's ApiError.
 */
export async function uploadChatImage(api: Api, webcastId: string, file: File): Promise<string | null> {
  const data = toBase64(new Uint8Array(await file.arrayBuffer()));
  const answer: unknown = await api.live.chatImageUpload({ webcastId, fileName: file.name, contentType: file.type, data });
  return uploadedUrl(answer);
}
