/**
 * The upload rules of the original app, identical to the server's
 * `shared::domain::upload::UploadRules::SPEC`, with their messages. The
 * messages are merged into the one i18n table (`lib/i18n/messages.ts`), so
 * this module is the single place where limits and wording live together.
 *
 * The checks run in the server's order: format (by content), size, too many
 * pixels, resolution, aspect ratio.
 */

export const UPLOAD_LIMITS = {
  /** 500 KB */
  minBytes: 500 * 1024,
  /** 10 MB */
  maxBytes: 10 * 1024 * 1024,
  minRatio: 0.5,
  maxRatio: 2,
  /** Minimum width and height. */
  minSide: 256,
  /** Maximum width and height (the server's decompression-bomb guard). */
  maxSide: 8192,
  mimeTypes: ['image/png', 'image/jpeg', 'image/webp'] as const,
  /** For the file chooser's `accept` attribute. */
  accept: 'image/png,image/jpeg,image/webp',
} as const;

/** The limits one kind of upload is checked against (the shape of UPLOAD_LIMITS). */
export interface UploadLimits {
  minBytes: number;
  maxBytes: number;
  minRatio: number;
  maxRatio: number;
  minSide: number;
  maxSide: number;
}

/**
 * A note's pictures for 图片改写 (`POST /api/uploads?purpose=note`, the
 * server's `UploadRules::NOTE`): screenshots and long images are read for
 * their text, so no size floor, any ratio from 1:10 to 10:1.
 */
export const NOTE_UPLOAD_LIMITS: UploadLimits = {
  minBytes: 1,
  maxBytes: UPLOAD_LIMITS.maxBytes,
  minRatio: 0.1,
  maxRatio: 10,
  minSide: 64,
  maxSide: UPLOAD_LIMITS.maxSide,
};

/**
 * A poster material (`POST /api/uploads?purpose=material`, the server's
 * `UploadRules::MATERIAL`): logos and badges are small files of any shape.
 */
export const MATERIAL_UPLOAD_LIMITS: UploadLimits = {
  minBytes: 1,
  maxBytes: UPLOAD_LIMITS.maxBytes,
  minRatio: 0.1,
  maxRatio: 10,
  minSide: 32,
  maxSide: UPLOAD_LIMITS.maxSide,
};

export const UPLOAD_MESSAGES = {
  'upload.badFormat': { zh: '请选择正确的格式', en: 'Please select the correct format' },
  // A merchant whose photo is refused for being small needs to know the
  // floor and what to do: send the original, not a compressed copy.
  'upload.tooSmall': {
    zh: '图片至少需要500KB：请上传原图，压缩过的小图生成效果不佳',
    en: 'The photo must be at least 500 KB: upload the original, compressed copies give poor results',
  },
  'upload.tooLarge': {
    zh: '图片不能超过10MB，请压缩后再上传',
    en: 'The photo must be at most 10 MB; please make it smaller',
  },
  'upload.badRatio': {
    zh: '图片宽高比需在0.5到2之间',
    en: 'Image aspect ratio must be between 0.5 and 2',
  },
  'upload.lowResolution': {
    zh: `图片分辨率不能小于 ${UPLOAD_LIMITS.minSide}*${UPLOAD_LIMITS.minSide}`,
    en: `Image resolution cannot be below ${UPLOAD_LIMITS.minSide}*${UPLOAD_LIMITS.minSide}`,
  },
  'upload.tooManyPixels': {
    zh: `图片分辨率不能大于 ${UPLOAD_LIMITS.maxSide}*${UPLOAD_LIMITS.maxSide}`,
    en: `Image resolution cannot exceed ${UPLOAD_LIMITS.maxSide}*${UPLOAD_LIMITS.maxSide}`,
  },
  'upload.noteLowResolution': {
    zh: `图片分辨率不能小于 ${NOTE_UPLOAD_LIMITS.minSide}*${NOTE_UPLOAD_LIMITS.minSide}`,
    en: `Image resolution cannot be below ${NOTE_UPLOAD_LIMITS.minSide}*${NOTE_UPLOAD_LIMITS.minSide}`,
  },
  'upload.materialLowResolution': {
    zh: `图片分辨率不能小于 ${MATERIAL_UPLOAD_LIMITS.minSide}*${MATERIAL_UPLOAD_LIMITS.minSide}`,
    en: `Image resolution cannot be below ${MATERIAL_UPLOAD_LIMITS.minSide}*${MATERIAL_UPLOAD_LIMITS.minSide}`,
  },
  'upload.noteBadRatio': {
    zh: '图片宽高比需在1:10到10:1之间',
    en: 'Image aspect ratio must be between 1:10 and 10:1',
  },
  'upload.corrupt': {
    zh: '图片已损坏，无法读取',
    en: 'The image is damaged and cannot be read',
  },
  'upload.inProgress': { zh: '上传中', en: 'Uploading' },
} as const;

export type UploadMessageKey = keyof typeof UPLOAD_MESSAGES;
export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** Detects the format from the first bytes, as the server does. */
export function sniffImageFormat(head: Uint8Array): ImageFormat | null {
  const b = head;
  if (
    b.length >= 8 &&
    b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 &&
    b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a
  ) {
    return 'png';
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (
    b.length >= 12 &&
    b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && // RIFF
    b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50 // WEBP
  ) {
    return 'webp';
  }
  return null;
}

/** Format and size: what can be checked without decoding. */
export function checkFileBasics(format: ImageFormat | null, bytes: number, limits: UploadLimits = UPLOAD_LIMITS): UploadMessageKey | null {
  if (format === null) return 'upload.badFormat';
  if (bytes < limits.minBytes) return 'upload.tooSmall';
  if (bytes > limits.maxBytes) return 'upload.tooLarge';
  return null;
}

/** Dimensions: maximum side, minimum resolution, aspect ratio. */
export function checkDimensions(width: number, height: number, limits: UploadLimits = UPLOAD_LIMITS): UploadMessageKey | null {
  const product = limits === UPLOAD_LIMITS;
  const lowResolution: UploadMessageKey = product
    ? 'upload.lowResolution'
    : limits === MATERIAL_UPLOAD_LIMITS
      ? 'upload.materialLowResolution'
      : 'upload.noteLowResolution';
  if (width > limits.maxSide || height > limits.maxSide) return 'upload.tooManyPixels';
  if (width < limits.minSide || height < limits.minSide) return lowResolution;
  const ratio = width / height;
  // Notes and materials share the wide 1:10 to 10:1 range.
  if (ratio < limits.minRatio || ratio > limits.maxRatio) return product ? 'upload.badRatio' : 'upload.noteBadRatio';
  return null;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** Reads an image's natural size in the browser. */
export function readImageSize(file: Blob): Promise<ImageSize> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('image decode failed'));
    };
    img.src = url;
  });
}

async function readHead(file: Blob): Promise<Uint8Array> {
  const slice = file.slice(0, 16);
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(slice);
  });
}

/**
 * Runs every rule on a chosen file. Returns the message key of the first
 * broken rule, or null when the file may be uploaded.
 */
export async function validateImageFile(
  file: Blob,
  readSize: (file: Blob) => Promise<ImageSize> = readImageSize,
  limits: UploadLimits = UPLOAD_LIMITS,
): Promise<UploadMessageKey | null> {
  const basics = checkFileBasics(sniffImageFormat(await readHead(file)), file.size, limits);
  if (basics) return basics;
  let size: ImageSize;
  try {
    size = await readSize(file);
  } catch {
    return 'upload.corrupt';
  }
  return checkDimensions(size.width, size.height, limits);
}
