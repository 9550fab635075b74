/**
 * The API keys section of /personal-setting: create a key (its secret is
 * shown once, with a copy button), list the live keys (name, prefix,
 * created, last used) and revoke one after a confirmation. The keys
 * authenticate the remove.bg-compatible API at `<origin>/v1.0/removebg`.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { API_KEY_NAME_MAX, useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKey, type CreatedApiKey } from '../api/apiKeys';
import './ApiKeys.css';

/** Where a remove.bg client is pointed instead of remove.bg: this server. */
const origin = () => globalThis.location?.origin ?? '';

export function ApiKeys() {
  const { t, lang } = useI18n();
  const { user } = useSession();
  const keys = useApiKeys(!!user);
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const onCreate = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    create.mutate(trimmed, {
      onSuccess: (key) => {
        setCreated(key);
        setName('');
        toast.success(t('apiKeys.created'));
      },
    });
  };

  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t('apiKeys.copied'));
    } catch {
      toast.error(t('apiKeys.copyFailed'));
    }
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => toast.success(t('apiKeys.revoked')),
      onSettled: () => setRevoking(null),
    });
  };

  const list = keys.data?.list ?? [];
  return (
    <section className="panel api-keys" data-testid="api-keys">
      <h2 className="panel-title">{t('apiKeys.title')}</h2>
      <p className="muted api-keys-intro">{t('apiKeys.intro', { origin: origin(), url: `${origin()}/v1.0/removebg` })}</p>
      <form
        className="api-keys-create"
        onSubmit={(e) => {
          e.preventDefault();
          onCreate();
        }}
      >
        <label className="field">
          <span>{t('apiKeys.name')}</span>
          <input
            className="input"
            data-testid="api-key-name"
            value={name}
            maxLength={API_KEY_NAME_MAX}
            placeholder={t('apiKeys.namePlaceholder')}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <button type="submit" className="button primary" data-testid="api-key-create" disabled={!name.trim() || create.isPending}>
          {t('apiKeys.create')}
        </button>
      </form>
      {created && (
        <div className="api-key-secret" role="status" data-testid="api-key-secret">
          <p>{t('apiKeys.secretOnce')}</p>
          <code data-testid="api-key-secret-value">{created.secret}</code>
          <div className="api-key-secret-actions">
            <button type="button" className="button small" data-testid="api-key-copy" onClick={() => void copy(created.secret)}>
              {t('apiKeys.copy')}
            </button>
            <button type="button" className="button small ghost" data-testid="api-key-secret-done" onClick={() => setCreated(null)}>
              {t('apiKeys.done')}
            </button>
          </div>
        </div>
      )}
      {keys.isError && !keys.data ? (
        <p className="muted" role="alert" data-testid="api-keys-error">
          {t('apiKeys.loadFailed')}
        </p>
      ) : keys.isPending ? (
        <p className="muted">{t('apiKeys.loading')}</p>
      ) : list.length === 0 ? (
        <p className="muted" data-testid="api-keys-empty">
          {t('apiKeys.empty')}
        </p>
      ) : (
        <ul className="api-key-list">
          {list.map((key) => (
            <li key={key.id} className="api-key-item" data-testid="api-key-item" data-key-id={key.id}>
              <div className="api-key-main">
                <span className="api-key-name">{key.name}</span>
                <code className="api-key-prefix">{key.prefix}…</code>
              </div>
              <div className="api-key-dates muted small">
                <span>
                  {t('apiKeys.createdAt')} <time dateTime={key.createdAt}>{formatDateTime(key.createdAt, lang)}</time>
                </span>
                <span data-testid="api-key-last-used">
                  {t('apiKeys.lastUsed')}{' '}
                  {key.lastUsedAt ? <time dateTime={key.lastUsedAt}>{formatDateTime(key.lastUsedAt, lang)}</time> : t('apiKeys.neverUsed')}
                </span>
              </div>
              <button type="button" className="button small ghost" data-testid="api-key-revoke" onClick={() => setRevoking(key)}>
                {t('apiKeys.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!revoking}
        title={t('apiKeys.revokeTitle')}
        message={t('apiKeys.revokeConfirm', { name: revoking?.name ?? '' })}
        confirmLabel={t('apiKeys.revoke')}
        cancelLabel={t('apiKeys.cancel')}
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
        testId="api-key-confirm"
      />
    </section>
  );
}
