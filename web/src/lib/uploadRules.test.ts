import { describe, expect, it } from 'vitest';
import { t } from './i18n';
import {
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  checkDimensions,
  checkFileBasics,
  sniffImageFormat,
  validateImageFile,
} from './uploadRules';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
const WEBP_HEAD = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50];
const GIF_HEAD = [...'GIF89a'].map((c) => c.charCodeAt(0));

/** A blob of `size` bytes starting with `head`. */
function fileOf(head: number[], size: number, type = 'image/png'): File {
  const bytes = new Uint8Array(size);
  bytes.set(head.slice(0, size));
  return new File([bytes], 'x', { type });
}

const fixedSize = (width: number, height: number) => async () => ({ width, height });

describe('limits', () => {
  it("are the original app's numbers", () => {
    expect(UPLOAD_LIMITS.minBytes).toBe(512000);
    expect(UPLOAD_LIMITS.maxBytes).toBe(10485760);
    expect(UPLOAD_LIMITS.minRatio).toBe(0.5);
    expect(UPLOAD_LIMITS.maxRatio).toBe(2);
    expect(UPLOAD_LIMITS.minSide).toBe(256);
  });
});

describe('format', () => {
  it('is sniffed from content', () => {
    expect(sniffImageFormat(new Uint8Array(PNG_HEAD))).toBe('png');
    expect(sniffImageFormat(new Uint8Array(JPEG_HEAD))).toBe('jpeg');
    expect(sniffImageFormat(new Uint8Array(WEBP_HEAD))).toBe('webp');
    expect(sniffImageFormat(new Uint8Array(GIF_HEAD))).toBeNull();
    expect(sniffImageFormat(new Uint8Array([]))).toBeNull();
  });

  it('wrong type gives the format message', async () => {
    const key = await validateImageFile(fileOf(GIF_HEAD, 600_000, 'image/gif'), fixedSize(800, 800));
    expect(key).toBe('upload.badFormat');
    expect(t(key!, undefined, 'zh')).toBe('请选择正确的格式');
    expect(t(key!, undefined, 'en')).toBe('Please select the correct format');
  });

  it('a png renamed with a wrong MIME type is judged by content, like the server', async () => {
    expect(await validateImageFile(fileOf(PNG_HEAD, 600_000, 'text/plain'), fixedSize(800, 800))).toBeNull();
  });
});

describe('size', () => {
  it('accepts 500 KB to 10 MB inclusive', () => {
    expect(checkFileBasics('png', 512000)).toBeNull();
    expect(checkFileBasics('png', 10485760)).toBeNull();
    expect(checkFileBasics('png', 511999)).toBe('upload.tooSmall');
    expect(checkFileBasics('png', 10485761)).toBe('upload.tooLarge');
  });

  it('too small a file says the photo must be at least 500 KB', async () => {
    const key = await validateImageFile(fileOf(PNG_HEAD, 1000), fixedSize(800, 800));
    expect(key).toBe('upload.tooSmall');
    expect(t(key!, undefined, 'zh')).toContain('至少需要500KB');
    expect(t(key!, undefined, 'en')).toContain('at least 500 KB');
  });

  it('format is checked before size', () => {
    expect(checkFileBasics(null, 10)).toBe('upload.badFormat');
  });
});

describe('dimensions', () => {
  it('aspect ratio 0.5 to 2 inclusive', () => {
    expect(checkDimensions(512, 1024)).toBeNull();
    expect(checkDimensions(2048, 1024)).toBeNull();
    expect(checkDimensions(500, 1024)).toBe('upload.badRatio');
    expect(checkDimensions(2060, 1024)).toBe('upload.badRatio');
    expect(UPLOAD_MESSAGES['upload.badRatio'].zh).toBe('图片宽高比需在0.5到2之间');
    expect(UPLOAD_MESSAGES['upload.badRatio'].en).toBe('Image aspect ratio must be between 0.5 and 2');
  });

  it('minimum resolution 256*256', () => {
    expect(checkDimensions(256, 256)).toBeNull();
    expect(checkDimensions(255, 300)).toBe('upload.lowResolution');
    expect(checkDimensions(300, 255)).toBe('upload.lowResolution');
    expect(UPLOAD_MESSAGES['upload.lowResolution'].zh).toBe('图片分辨率不能小于 256*256');
    expect(UPLOAD_MESSAGES['upload.lowResolution'].en).toBe('Image resolution cannot be below 256*256');
  });

  it('resolution is checked before ratio, as on the server', () => {
    expect(checkDimensions(200, 100)).toBe('upload.lowResolution');
  });

  it('the server maximum side is enforced too', () => {
    expect(checkDimensions(8193, 8000)).toBe('upload.tooManyPixels');
  });

  it('full validation passes a good file and reports decode failures', async () => {
    const good = fileOf(PNG_HEAD, 600_000);
    expect(await validateImageFile(good, fixedSize(1024, 1024))).toBeNull();
    expect(await validateImageFile(good, fixedSize(1024, 300))).toBe('upload.badRatio');
    expect(await validateImageFile(good, fixedSize(200, 200))).toBe('upload.lowResolution');
    const broken = async () => {
      throw new Error('decode');
    };
    expect(await validateImageFile(good, broken)).toBe('upload.corrupt');
  });
});
