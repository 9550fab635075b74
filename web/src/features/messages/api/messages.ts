/**
 * In-app messages: GET /api/messages (page size 100) and the read /
 * read-all / delete-all calls. A call answering falsy data shows an error.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';
import { t } from '../../../lib/i18n';
import { useToken } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { MESSAGE_PAGE_SIZE, type MsgContentType } from '../rules';

type Schemas = components['schemas'];

/**
 * A message (MessageDto), except `msgContentType`, which the API's schema
 * types as a string; the web renders text, html and link.
 */
export type Message = Omit<Schemas['MessageDto'], 'msgContentType'> & { msgContentType: MsgContentType };

export type MessagePage = Omit<Schemas['MessageListDto'], 'list'> & { list: Message[] };

export const messagesKey = ['messages'] as const;

export function fetchMessages(signal?: AbortSignal): Promise<MessagePage> {
  return api.get<MessagePage>('/messages', { pageNum: 1, pageSize: MESSAGE_PAGE_SIZE }, { signal, silent: true });
}

export function useMessages(enabled: boolean) {
  const token = useToken();
  return useQuery({
    queryKey: [...messagesKey, token],
    queryFn: ({ signal }) => fetchMessages(signal),
    enabled: enabled && !!token,
    refetchInterval: 60_000,
  });
}

/** Runs an action; falsy data is a failure shown as an error toast. */
async function act(path: string): Promise<boolean> {
  const ok = await api.post<boolean>(path, {});
  if (!ok) {
    toast.error(t('error.server'));
    throw new Error('message action failed');
  }
  return ok;
}

function useMessageAction(pathOf: (id?: number) => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) => act(pathOf(id)),
    onSettled: () => qc.invalidateQueries({ queryKey: messagesKey }),
  });
}

export const useReadMessage = () => useMessageAction((id) => `/messages/${id}/read`);
export const useReadAllMessages = () => useMessageAction(() => '/messages/read-all');
export const useDeleteAllMessages = () => useMessageAction(() => '/messages/delete-all');
