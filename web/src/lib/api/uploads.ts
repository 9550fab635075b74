/** POST /api/uploads (multipart field `file`) → `{urls: ["/api/files/<key>"], width, height}`. */
import { useMutation } from '@tanstack/react-query';
import { request } from './client';
import type { components } from './schema';

/** The stored upload's address and its displayed (EXIF-oriented) size. */
export type UploadResult = components['schemas']['UploadedDto'];

/**
 * `silent`: the caller shows a failure itself (no toast). `purpose`: `note`
 * for a note's pictures (图片改写) or `material` for a poster material,
 * checked by the server's rules for it (lib/uploadRules NOTE_UPLOAD_LIMITS,
 * MATERIAL_UPLOAD_LIMITS) instead of the product photo's.
 */
export function uploadFile(
  file: Blob,
  filename?: string,
  options: { silent?: boolean; purpose?: 'product' | 'note' | 'material' } = {},
): Promise<UploadResult> {
  const form = new FormData();
  if (filename) form.append('file', file, filename);
  else form.append('file', file);
  const purpose = options.purpose ?? 'product';
  const path = purpose === 'product' ? '/uploads' : `/uploads?purpose=${purpose}`;
  return request<UploadResult>(path, { method: 'POST', body: form, silent: options.silent });
}

export function useUploadFile() {
  return useMutation({
    mutationFn: ({ file }: { file: File }) => uploadFile(file, file.name),
  });
}
