/** POST /api/uploads (multipart field `file`) → `{urls: ["/api/files/<key>"], width, height}`. */
import { useMutation } from '@tanstack/react-query';
import { request } from './client';
import type { components } from './schema';

/** The stored upload's address and its displayed (EXIF-oriented) size. */
export type UploadResult = components['schemas']['UploadedDto'];

/** `silent`: the caller shows a failure itself (no toast). */
export function uploadFile(file: Blob, filename?: string, options: { silent?: boolean } = {}): Promise<UploadResult> {
  const form = new FormData();
  if (filename) form.append('file', file, filename);
  else form.append('file', file);
  return request<UploadResult>('/uploads', { method: 'POST', body: form, silent: options.silent });
}

export function useUploadFile() {
  return useMutation({
    mutationFn: ({ file }: { file: File }) => uploadFile(file, file.name),
  });
}
