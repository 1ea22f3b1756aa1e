import { describe, it, expect } from 'vitest';
import {
  IMAGE_SNIFF_BYTES,
  claimedImageFormat,
  sniffImageType,
  validateImageContent,
  validateImageFile,
} from './image';
import { IMAGE_MAX_BYTES } from './constants';

const formatError = { ok: false, error: { key: 'validation.image.format' } };
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('validateImageFile: format', () => {
  it.each([
    ['a.jpg', 'image/jpeg', 'jpeg'],
    ['a.jpeg', 'image/jpeg', 'jpeg'],
    ['a.JPG', 'image/jpeg', 'jpeg'],
    ['a.JpEg', 'image/jpeg', 'jpeg'],
    ['a.png', 'image/png', 'png'],
    ['A.PNG', 'IMAGE/PNG', 'png'],
    ['a.gif', 'image/gif', 'gif'],
    ['a.webp', 'image/webp', 'webp'],
    ['my.holiday.photo.webp', 'image/webp', 'webp'],
  ])('accepts %s as %s', (name, type, format) => {
    expect(validateImageFile(file(name, type))).toEqual({ ok: true, value: format });
  });

  it.each([
    ['unsupported MIME', 'a.bmp', 'image/bmp'],
    ['SVG (scriptable)', 'a.svg', 'image/svg+xml'],
    ['HEIC', 'a.heic', 'image/heic'],
    ['empty MIME', 'a.png', ''],
    ['non-image MIME', 'a.png', 'application/octet-stream'],
    ['no extension', 'png', 'image/png'],
    ['trailing dot', 'a.', 'image/png'],
    ['extension of another format', 'a.png', 'image/jpeg'],
    ['jpg name with gif type', 'a.jpg', 'image/gif'],
    ['unsupported extension', 'a.bmp', 'image/png'],
    ['extension only in the middle', 'a.png.exe', 'image/png'],
    ['MIME with parameters', 'a.png', 'image/png; q=1'],
  ])('rejects %s', (_label, name, type) => {
    expect(validateImageFile(file(name, type))).toEqual(formatError);
  });

  it('treats an empty or nonsensical size as a wrong format', () => {
    expect(validateImageFile(file('a.png', 'image/png', 0))).toEqual(formatError);
    expect(validateImageFile(file('a.png', 'image/png', -1))).toEqual(formatError);
    expect(validateImageFile(file('a.png', 'image/png', Number.NaN))).toEqual(formatError);
  });

  it('checks the format before the size', () => {
    expect(validateImageFile(file('a.bmp', 'image/bmp', IMAGE_MAX_BYTES + 1))).toEqual(formatError);
  });
});

describe('validateImageFile: size', () => {
  it('accepts exactly 500KB and rejects one byte more', () => {
    expect(IMAGE_MAX_BYTES).toBe(512_000);
    expect(validateImageFile(file('a.png', 'image/png', 500 * 1024)).ok).toBe(true);
    expect(validateImageFile(file('a.png', 'image/png', 1)).ok).toBe(true);
    expect(validateImageFile(file('a.png', 'image/png', 500 * 1024 + 1))).toEqual({
      ok: false,
      error: { key: 'validation.image.tooLarge', params: { maxKb: 500 } },
    });
    expect(validateImageFile(file('a.gif', 'image/gif', 10 * 1024 * 1024)).ok).toBe(false);
    expect(validateImageFile(file('a.gif', 'image/gif', Number.POSITIVE_INFINITY))).toEqual(formatError);
  });
});

describe('claimedImageFormat', () => {
  it('needs MIME and extension to agree', () => {
    expect(claimedImageFormat({ name: 'x.jpeg', type: 'image/jpeg' })).toBe('jpeg');
    expect(claimedImageFormat({ name: 'x.jpeg', type: 'image/png' })).toBeNull();
  });
});

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));

const PNG_HEAD = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG_HEAD = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF', [0, 1]);
const GIF_HEAD = bytes('GIF89a', [1, 0, 1, 0, 0, 0]);
const WEBP_HEAD = bytes('RIFF', [0x24, 0, 0, 0], 'WEBP');

describe('sniffImageType', () => {
  it('recognises the four formats by magic number', () => {
    expect(IMAGE_SNIFF_BYTES).toBe(12);
    expect(sniffImageType(PNG_HEAD)).toBe('png');
    expect(sniffImageType(JPEG_HEAD)).toBe('jpeg');
    expect(sniffImageType(GIF_HEAD)).toBe('gif');
    expect(sniffImageType(bytes('GIF87a'))).toBe('gif');
    expect(sniffImageType(WEBP_HEAD)).toBe('webp');
  });

  it('rejects everything else, including truncated signatures', () => {
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(bytes('MZ', [0x90, 0]))).toBeNull(); // a Windows executable
    expect(sniffImageType(bytes('<svg xmlns="'))).toBeNull();
    expect(sniffImageType(bytes('BM', [0, 0, 0, 0]))).toBeNull(); // BMP
    expect(sniffImageType(PNG_HEAD.slice(0, 7))).toBeNull();
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(bytes('GIF88a'))).toBeNull();
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull(); // a WAV file
    expect(sniffImageType(bytes('RIFF', [0, 0, 0, 0], 'WEB'))).toBeNull();
  });
});

describe('validateImageContent', () => {
  it('passes when the bytes are the claimed format', () => {
    expect(validateImageContent(file('a.png', 'image/png'), PNG_HEAD)).toEqual({ ok: true, value: 'png' });
    expect(validateImageContent(file('a.webp', 'image/webp'), WEBP_HEAD)).toEqual({ ok: true, value: 'webp' });
  });

  it('catches a renamed file', () => {
    expect(validateImageContent(file('a.png', 'image/png'), JPEG_HEAD)).toEqual(formatError);
    expect(validateImageContent(file('a.png', 'image/png'), bytes('MZ', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toEqual(
      formatError,
    );
  });

  it('still applies the name, type and size checks', () => {
    expect(validateImageContent(file('a.bmp', 'image/bmp'), PNG_HEAD)).toEqual(formatError);
    expect(validateImageContent(file('a.png', 'image/png', IMAGE_MAX_BYTES + 1), PNG_HEAD)).toEqual({
      ok: false,
      error: { key: 'validation.image.tooLarge', params: { maxKb: 500 } },
    });
  });
});
