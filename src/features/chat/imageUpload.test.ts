import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../api';
import { checkImageFile, toBase64, uploadChatImage, uploadedUrl } from './imageUpload';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
const png = (size: number, name = 'a.png', type = 'image/png') => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD.slice(0, Math.min(size, PNG_HEAD.length)));
  return new File([bytes], name, { type });
};

describe('toBase64', () => {
  it('matches Node for sizes across the chunk boundary', () => {
    for (const size of [0, 1, 2, 3, 0x8000, 0x8001, 500 * 1024]) {
      const bytes = new Uint8Array(size).map((_, i) => (i * 31) & 0xff);
      expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });
});

describe('checkImageFile', () => {
  it('accepts a real PNG within 500 KiB', async () => {
    expect(await checkImageFile(png(1000))).toEqual({ ok: true });
    expect(await checkImageFile(png(500 * 1024))).toEqual({ ok: true });
  });

  it('refuses a file too large, a wrong format and a renamed file with the domain problems', async () => {
    expect(await checkImageFile(png(500 * 1024 + 1))).toEqual({ ok: false, problem: { key: 'validation.image.tooLarge', params: { maxKb: 500 } } });
    expect(await checkImageFile(png(100, 'a.bmp', 'image/bmp'))).toEqual({ ok: false, problem: { key: 'validation.image.format' } });
    const renamed = new File([new Uint8Array(100)], 'x.png', { type: 'image/png' });
    expect(await checkImageFile(renamed)).toEqual({ ok: false, problem: { key: 'validation.image.format' } });
  });
});

describe('uploadChatImage', () => {
  it('sends the file as base64 without a data: prefix and answers the URL', async () => {
    const chatImageUpload = vi.fn().mockResolvedValue({ url: 'https://cdn.example/x.png' });
    const api = { live: { chatImageUpload } } as unknown as Api;
    const file = png(20);
    expect(await uploadChatImage(api, '10001', file)).toBe('https://cdn.example/x.png');
    const input = chatImageUpload.mock.calls[0]![0];
    expect(input).toMatchObject({ webcastId: '10001', fileName: 'a.png', contentType: 'image/png' });
    expect(input.data).toBe(Buffer.from(new Uint8Array(await file.arrayBuffer())).toString('base64'));
  });

  it('gives null for an answer whose URL no viewer would show', () => {
    expect(uploadedUrl({ url: 'javascript:alert(1)' })).toBeNull();
    expect(uploadedUrl({ url: '//evil.example/x' })).toBeNull();
    expect(uploadedUrl(null)).toBeNull();
    expect(uploadedUrl({ url: '/uploads/x.png' })).toBe('/uploads/x.png');
  });
});
