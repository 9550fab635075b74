/** POST /api/feedback/uploads (one png/jpeg ≤ 20 MB) and POST /api/feedback. */
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

export interface FeedbackBody {
  title: string;
  content: string;
  attachments: { url: string }[];
}

export function uploadFeedbackImage(file: File): Promise<components['schemas']['FeedbackUploadDto']> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request<components['schemas']['FeedbackUploadDto']>('/feedback/uploads', { method: 'POST', body: form });
}

export function useSubmitFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackBody) => request<boolean>('/feedback', { method: 'POST', body }),
  });
}
