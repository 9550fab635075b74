/** POST /api/leads (contact form) and POST /api/enquiries (custom-model enquiry). */
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';

export function useSubmitLead() {
  return useMutation({
    // A non-zero answer does nothing visible: no error toast.
    mutationFn: (body: Record<string, string>) => request<boolean>('/leads', { method: 'POST', body, silent: true }),
  });
}

export function useSubmitEnquiry() {
  return useMutation({
    mutationFn: (body: Record<string, string>) => request<boolean>('/enquiries', { method: 'POST', body }),
  });
}
