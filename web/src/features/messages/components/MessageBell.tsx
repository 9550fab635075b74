/**
 * The bell in the top bar: unread count (99+ above 99), the message list,
 * a click marks an unread message read; link messages open in a new tab,
 * the others in a detail modal (HTML was sanitised by the server).
 * Mark-all-read and delete-all at the bottom.
 */
import { useState } from 'react';
import { BellIcon } from '../../../components/icons';
import { Modal } from '../../../components/Modal';
import { useI18n } from '../../../lib/i18n';
import { useDeleteAllMessages, useMessages, useReadAllMessages, useReadMessage, type Message } from '../api/messages';
import { opensInNewTab, unreadBadge } from '../rules';
import './MessageBell.css';

function MessageBody({ msg }: { msg: Message }) {
  if (msg.msgContentType === 'html') {
    // Sanitised server-side with ammonia before storage and again on read.
    return <div className="message-html" data-testid="message-body" dangerouslySetInnerHTML={{ __html: msg.msgContent }} />;
  }
  return (
    <p className="message-text" data-testid="message-body" style={{ whiteSpace: 'pre-wrap' }}>
      {msg.msgContent}
    </p>
  );
}

export function MessageBell() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<Message | null>(null);
  const q = useMessages(true);
  const read = useReadMessage();
  const readAll = useReadAllMessages();
  const deleteAll = useDeleteAllMessages();
  const badge = unreadBadge(q.data?.unReadMsgCnt);
  const list = q.data?.list ?? [];

  const onClick = (m: Message) => {
    if (!m.readed) read.mutate(m.msgId);
    if (opensInNewTab(m.msgContentType)) {
      window.open(m.msgContent, '_blank', 'noopener,noreferrer');
    } else {
      setDetail(m);
    }
  };

  return (
    <div className="message-bell">
      <button
        type="button"
        className="bell-button"
        data-testid="message-bell"
        aria-label={t('messages.bell')}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon />
        {badge && (
          <span className="bell-badge" data-testid="message-unread">
            {badge}
          </span>
        )}
      </button>
      {open && (
        <div className="message-panel" data-testid="message-panel" role="dialog" aria-label={t('messages.title')}>
          <div className="message-panel-head">
            <strong>{t('messages.title')}</strong>
          </div>
          {list.length === 0 ? (
            <p className="muted" data-testid="message-empty">
              {t('messages.empty')}
            </p>
          ) : (
            <ul className="message-list">
              {list.map((m) => (
                <li key={m.msgId}>
                  <button
                    type="button"
                    className={m.readed ? 'message-item' : 'message-item unread'}
                    data-testid="message-item"
                    data-read={m.readed ? 'true' : 'false'}
                    onClick={() => onClick(m)}
                  >
                    {!m.readed && <span className="unread-dot" aria-label={t('messages.unread')} />}
                    <span className="message-title">{m.msgTitle}</span>
                    {m.msgBrief && <span className="message-brief muted">{m.msgBrief}</span>}
                    <span className="message-time muted">{m.msgSendTime.slice(0, 10).replace(/-/g, '/')}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="message-panel-actions">
            <button type="button" className="button small" data-testid="message-read-all" disabled={!q.data?.unReadMsgCnt} onClick={() => readAll.mutate(undefined)}>
              {t('messages.readAll')}
            </button>
            <button type="button" className="button small" data-testid="message-delete-all" disabled={list.length === 0} onClick={() => deleteAll.mutate(undefined)}>
              {t('messages.deleteAll')}
            </button>
          </div>
        </div>
      )}
      <Modal open={!!detail} title={detail?.msgTitle ?? ''} closeLabel={t('common.close')} onClose={() => setDetail(null)} testId="message-detail">
        {detail?.msgImg && <img src={detail.msgImg} alt="" className="message-img" />}
        {detail && <MessageBody msg={detail} />}
      </Modal>
    </div>
  );
}
