import { useEffect, useState, type FormEvent } from 'react';
import { Modal, type ModalVariant } from '../../../components/Modal';
import { isApiError } from '../../../lib/api/client';
import { getLang, t as translate, useI18n, type MessageKey } from '../../../lib/i18n';
import { closeLoginDialog, useLoginDialogOpen } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { checkAccount, isValidPassword } from '../../../lib/validation';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { useUserInfo } from '../api/userInfo';

type Tab = 'password' | 'register';
type FormError = { key: MessageKey } | { text: string } | null;

const ACCOUNT_ERRORS = {
  invalidPhone: 'auth.invalidPhone',
  invalidEmail: 'auth.invalidEmail',
  invalidAccount: 'auth.invalidAccount',
} as const satisfies Record<string, MessageKey>;

interface LoginDialogProps {
  /** false inside the mobile MoTT area: only a user id closes it. */
  closable?: boolean;
  variant?: ModalVariant;
}

/**
 * The login dialog: password login and register tabs. It closes by itself
 * once the user info holds an id.
 */
export function LoginDialog({ closable = true, variant = 'desktop' }: LoginDialogProps) {
  const open = useLoginDialogOpen();
  const { data: info } = useUserInfo();
  const userId = info?.user?.id;
  const hasUser = userId !== undefined && userId !== null && userId !== '';

  useEffect(() => {
    if (open && hasUser) {
      closeLoginDialog();
      toast.success(translate('auth.loginSuccess'));
    }
  }, [open, hasUser]);

  const { t } = useI18n();
  return (
    <Modal
      open={open && !hasUser}
      title={t('auth.title')}
      closeLabel={t('auth.close')}
      onClose={closeLoginDialog}
      testId="login-dialog"
      closable={closable}
      variant={variant}
    >
      <LoginForm />
    </Modal>
  );
}

/** The agreement page under the app's base path, in the current language. */
function agreementHref(file: 'userAgreement' | 'privacyPolicy', lang: string = getLang()): string {
  return `${import.meta.env.BASE_URL}user-agreement?file=${file}${lang === 'en' ? 'En' : ''}`;
}

function LoginForm() {
  const { t } = useI18n();
  const [tab, setTab] = useState<Tab>('password');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agreed, setAgreed] = useState(true);
  const [error, setError] = useState<FormError>(null);
  const login = useLogin();
  const register = useRegister();
  const pending = login.isPending || register.isPending;

  const isRegister = tab === 'register';
  const filled = account.trim() !== '' && password !== '' && (!isRegister || confirm !== '');
  const canSubmit = filled && agreed && !pending;

  const switchTab = (next: Tab) => {
    setTab(next);
    setError(null);
    setConfirm('');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!agreed) {
      setError({ key: 'auth.agreementRequired' });
      return;
    }
    const acc = checkAccount(account);
    if (!acc.ok) {
      setError({ key: ACCOUNT_ERRORS[acc.error] });
      return;
    }
    if (isRegister) {
      if (!isValidPassword(password)) {
        setError({ key: 'auth.invalidPassword' });
        return;
      }
      if (password !== confirm) {
        setError({ key: 'auth.passwordMismatch' });
        return;
      }
    }
    setError(null);
    const onError = (err: unknown) => {
      const fallback: MessageKey = isRegister ? 'auth.registerFailed' : 'auth.loginFailed';
      // The server's message, else the spec's fallback; a network failure
      // says so rather than blaming the password.
      const text = isApiError(err) && (err.serverMsg || err.error === 'NETWORK_ERROR') ? err.msg : t(fallback);
      setError({ text });
      toast.error(text);
    };
    if (isRegister) {
      const body = acc.kind === 'phone' ? { mobileId: acc.value, password } : { mail: acc.value, password };
      register.mutate(body, { onError });
    } else {
      login.mutate({ username: acc.value, password }, { onError });
    }
  };

  const errorText = error ? ('key' in error ? t(error.key) : error.text) : null;

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <div className="tabs" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'password'}
          className={tab === 'password' ? 'tab active' : 'tab'}
          data-testid="tab-login"
          onClick={() => switchTab('password')}
        >
          {t('auth.tab.password')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={isRegister}
          className={isRegister ? 'tab active' : 'tab'}
          data-testid="tab-register"
          onClick={() => switchTab('register')}
        >
          {t('auth.tab.register')}
        </button>
      </div>

      <input
        className="input"
        name="account"
        autoComplete="username"
        inputMode="email"
        placeholder={t('auth.account.placeholder')}
        aria-label={t('auth.account.placeholder')}
        value={account}
        maxLength={254}
        data-testid="account-input"
        onChange={(e) => {
          setAccount(e.target.value);
          setError(null);
        }}
      />
      <input
        className="input"
        type="password"
        name="password"
        autoComplete={isRegister ? 'new-password' : 'current-password'}
        placeholder={t('auth.password.placeholder')}
        aria-label={t('auth.password.placeholder')}
        value={password}
        maxLength={64}
        data-testid="password-input"
        onChange={(e) => {
          setPassword(e.target.value);
          setError(null);
        }}
      />
      {isRegister && (
        <input
          className="input"
          type="password"
          name="confirm"
          autoComplete="new-password"
          placeholder={t('auth.confirm.placeholder')}
          aria-label={t('auth.confirm.placeholder')}
          value={confirm}
          maxLength={64}
          data-testid="confirm-input"
          onChange={(e) => {
            setConfirm(e.target.value);
            setError(null);
          }}
        />
      )}

      <label className="agreement">
        <input
          type="checkbox"
          checked={agreed}
          data-testid="agreement-checkbox"
          onChange={(e) => {
            setAgreed(e.target.checked);
            setError(null);
          }}
        />
        <span>
          {t('auth.agreement.prefix')}
          <a href={agreementHref('userAgreement')} target="_blank" rel="noopener" data-testid="agreement-link-user">
            {t('auth.agreement.user')}
          </a>
          {t('auth.agreement.and')}
          <a href={agreementHref('privacyPolicy')} target="_blank" rel="noopener" data-testid="agreement-link-privacy">
            {t('auth.agreement.privacy')}
          </a>
        </span>
      </label>
      {!agreed && (
        <p className="form-hint warning" data-testid="agreement-hint">
          {t('auth.agreementRequired')}
        </p>
      )}

      {errorText && (
        <p className="form-error" role="alert" data-testid="auth-error">
          {errorText}
        </p>
      )}

      <button type="submit" className="button primary block" disabled={!canSubmit} data-testid="auth-submit">
        {isRegister ? t('auth.submit.register') : t('auth.submit.login')}
      </button>
    </form>
  );
}
