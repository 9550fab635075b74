/** The message list's page size and the bell's badge (99+ above 99). */
export const MESSAGE_PAGE_SIZE = 100;

export function unreadBadge(count: number | null | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

export type MsgContentType = 'text' | 'html' | 'link';

/** Link messages open in a new tab; the others in the detail modal. */
export function opensInNewTab(type: MsgContentType): boolean {
  return type === 'link';
}
