/**
 * The caller's API keys (they authenticate the remove.bg-compatible API):
 * - POST /api/api-keys {name}: a new key; its secret is in this answer only;
 * - GET /api/api-keys: the live keys (name, prefix, created, last used);
 * - DELETE /api/api-keys/{id}: revokes one at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

export type ApiKey = components['schemas']['ApiKeyDto'];
export type CreatedApiKey = components['schemas']['CreatedKeyDto'];
type ApiKeyList = components['schemas']['ApiKeyListDto'];

/** The server's bound on a key name (shared/src/domain/api_key.rs). */
export const API_KEY_NAME_MAX = 30;

const apiKeysKey = ['api-keys'] as const;

export function useApiKeys(enabled: boolean) {
  return useQuery({
    queryKey: apiKeysKey,
    // Silent: the section says a failed load in place.
    queryFn: ({ signal }) => request<ApiKeyList>('/api-keys', { signal, silent: true }),
    enabled,
  });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => request<CreatedApiKey>('/api-keys', { method: 'POST', body: { name } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<boolean>(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
