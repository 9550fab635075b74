import { useEffect, useState, type FormEvent } from 'react';
import { Modal, type ModalVariant } from '../../../components/Modal';
import { isApiError } from '../../../lib/api/client';
import { getLang, t as translate, useI18n, type MessageKey } from '../../../lib/i18n';
import { closeLoginDialog, useLoginDialogOpen } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { checkAccount, isEmail, isPhone, isValidPassword } from '../../../lib/validation';
import { useLogin, type LoginBody } from '../api/login';
import { useRegister } from '../api/register';
import { useResetPassword } from '../api/resetPassword';
import { useUserInfo } from '../api/userInfo';
import { CaptchaStep } from './CaptchaStep';
import { useCountdown } from './useCountdown';

/** Login tabs; the email-code tab exists only in the English interface. */
export type LoginTab = 'sms' | 'mail' | 'password';
/** The dialog's flows: login (with its tabs), register, reset password. */
export type Flow = 'login' | 'register' | 'reset';
type FormError = { key: MessageKey } | { text: string } | null;

/** The original app's resend countdown, in seconds. */
export const RESEND_SECONDS = 60;
/** The original app's code length. */
export const CODE_LENGTH = 6;

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
 * The login dialog: SMS code, email code (English only) and password tabs,
 * with register and reset-password flows. It closes by itself once the
 * user info holds an id.
 */
export function LoginDialog({ closable = true, variant = 'desktop' }: LoginDialogProps) {
  const open = useLoginDialogOpen();
  const { data: info } = useUserInfo();
  const userId = info?.user?.id;
  const hasUser = userId !== undefined && userId !== null && userId !== '';

  useEffect(() => {
    if (open && hasUser) {
      closeLoginDialog();
      // An SMS sign-in that created the account says so instead.
      const hint = welcomeHint;
      welcomeHint = null;
      if (hint) toast.info(hint);
      else toast.success(translate('auth.loginSuccess'));
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
      <LoginForm mobile={variant === 'mobile'} />
    </Modal>
  );
}

/** The notice to show when the dialog closes after an SMS auto-registration. */
let welcomeHint: string | null = null;

/** The agreement page under the app's base path, in the current language. */
function agreementHref(file: 'userAgreement' | 'privacyPolicy', lang: string = getLang()): string {
  return `${import.meta.env.BASE_URL}user-agreement?file=${file}${lang === 'en' ? 'En' : ''}`;
}

/** An invite code from the address (`?inviteCode=`), kept for the session. */
export function currentInviteCode(): string | undefined {
  const fromUrl = new URLSearchParams(window.location.search).get('inviteCode');
  try {
    if (fromUrl) sessionStorage.setItem('INVITE_CODE', fromUrl);
    return fromUrl || sessionStorage.getItem('INVITE_CODE') || undefined;
  } catch {
    return fromUrl || undefined;
  }
}

/** What the account field must hold in a flow/tab. */
function accountKind(flow: Flow, tab: LoginTab): 'phone' | 'email' | 'either' {
  if (flow !== 'login') return 'either';
  return tab === 'sms' ? 'phone' : tab === 'mail' ? 'email' : 'either';
}

/** Checks the account for a flow/tab: the value and its kind, or the user-facing message. */
export function validateAccount(
  raw: string,
  kind: 'phone' | 'email' | 'either',
): { ok: true; value: string; kind: 'phone' | 'email' } | { ok: false; key: MessageKey } {
  const s = raw.trim();
  if (kind === 'phone') {
    if (!s) return { ok: false, key: 'auth.phoneRequired' };
    return isPhone(s) ? { ok: true, value: s, kind: 'phone' } : { ok: false, key: 'auth.invalidPhone' };
  }
  if (kind === 'email') {
    return isEmail(s) ? { ok: true, value: s.toLowerCase(), kind: 'email' } : { ok: false, key: 'auth.invalidEmail' };
  }
  const acc = checkAccount(s);
  return acc.ok ? { ok: true, value: acc.value, kind: acc.kind } : { ok: false, key: ACCOUNT_ERRORS[acc.error] };
}

export function isValidCode(raw: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(raw.trim());
}

function LoginForm({ mobile }: { mobile: boolean }) {
  const { t, lang } = useI18n();
  const [flow, setFlow] = useState<Flow>('login');
  const [chosenTab, setTab] = useState<LoginTab>('sms');
  // The email tab exists only in the English interface.
  const tab: LoginTab = lang !== 'en' && chosenTab === 'mail' ? 'sms' : chosenTab;
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agreed, setAgreed] = useState(true);
  // A sign-in redirected back with `?error` says so (用户名或密码错误！).
  const [error, setError] = useState<FormError>(() =>
    new URLSearchParams(window.location.search).has('error') ? { key: 'auth.loginErrorQuery' } : null,
  );
  const [captchaFor, setCaptchaFor] = useState<{ value: string; kind: 'phone' | 'email' } | null>(null);
  // A password login the server answered CAPTCHA_REQUIRED (too many recent
  // failures): the captcha to solve before the login is sent again.
  const [loginCaptcha, setLoginCaptcha] = useState<{ value: string; kind: 'phone' | 'email' } | null>(null);
  const countdown = useCountdown();
  const login = useLogin();
  const register = useRegister();
  const reset = useResetPassword();
  const pending = login.isPending || register.isPending || reset.isPending;

  const usesCode = flow !== 'login' || tab !== 'password';
  const usesPassword = flow !== 'login' || tab === 'password';
  const needsConfirm = flow !== 'login';
  const needsAgreement = flow !== 'reset';
  const filled =
    account.trim() !== '' &&
    (!usesCode || code.trim() !== '') &&
    (!usesPassword || password !== '') &&
    (!needsConfirm || confirm !== '');
  const canSubmit = filled && (!needsAgreement || agreed) && !pending;

  const clearError = () => setError(null);
  const go = (next: Flow, nextTab: LoginTab = tab) => {
    setFlow(next);
    setTab(nextTab);
    setError(null);
    setCode('');
    setPassword('');
    setConfirm('');
    setCaptchaFor(null);
    setLoginCaptcha(null);
  };

  const showServerError = (err: unknown, fallback: MessageKey) => {
    // The server's message, else the original app's fallback; a network failure
    // says so rather than blaming the password.
    const text = isApiError(err) && (err.serverMsg || err.error === 'NETWORK_ERROR') ? err.msg : t(fallback);
    setError({ text });
    toast.error(text);
  };

  const startSend = () => {
    const acc = validateAccount(account, accountKind(flow, tab));
    if (!acc.ok) {
      setError({ key: acc.key });
      return;
    }
    setError(null);
    setCaptchaFor({ value: acc.value, kind: acc.kind });
  };

  const onCodeSent = () => {
    setCaptchaFor(null);
    countdown.start(RESEND_SECONDS);
    toast.success(t('auth.codeSent'));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (needsAgreement && !agreed) {
      setError({ key: 'auth.agreementRequired' });
      return;
    }
    const acc = validateAccount(account, accountKind(flow, tab));
    if (!acc.ok) {
      setError({ key: acc.key });
      return;
    }
    if (usesCode && !isValidCode(code)) {
      setError({ key: 'auth.invalidCode' });
      return;
    }
    if (needsConfirm) {
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
    const verifyCode = code.trim();
    const target = acc.kind === 'phone' ? { mobileId: acc.value } : { mail: acc.value };
    if (flow === 'register') {
      register.mutate(
        { ...target, verifyCode, password, confirmPassword: confirm, agreement: true, inviteCode: currentInviteCode() },
        { onError: (err) => showServerError(err, 'auth.registerFailed') },
      );
      return;
    }
    if (flow === 'reset') {
      reset.mutate(
        { ...target, verifyCode, password, confirmPassword: confirm },
        {
          onSuccess: () => {
            toast.success(t('auth.resetDone'));
            go('login', 'password');
          },
          onError: (err) => showServerError(err, 'auth.loginFailed'),
        },
      );
      return;
    }
    let body: LoginBody;
    if (tab === 'sms') body = { loginType: 'sms_code', mobileId: acc.value, verifyCode, inviteCode: currentInviteCode() };
    else if (tab === 'mail') body = { loginType: 'mail_code', mail: acc.value, verifyCode };
    else body = { loginType: '', username: acc.value, password };
    sendLogin(body, { value: acc.value, kind: acc.kind });
  };

  const sendLogin = (body: LoginBody, acc: { value: string; kind: 'phone' | 'email' }) => {
    login.mutate(body, {
      onSuccess: (r) => {
        if (r.registered) {
          welcomeHint = mobile ? t('auth.autoRegisteredMobile') : t('auth.autoRegistered');
          toast.info(welcomeHint);
        }
      },
      onError: (err) => {
        // Too many recent failures: solve a captcha for the account, then
        // the same login goes again.
        if (body.loginType === '' && isApiError(err) && err.error === 'CAPTCHA_REQUIRED') {
          setError({ text: err.msg });
          setLoginCaptcha(acc);
          return;
        }
        showServerError(err, 'auth.loginFailed');
      },
    });
  };

  const onLoginCaptchaSolved = () => {
    const acc = loginCaptcha;
    setLoginCaptcha(null);
    setError(null);
    if (acc) sendLogin({ loginType: '', username: acc.value, password }, acc);
  };

  const errorText = error ? ('key' in error ? t(error.key) : error.text) : null;
  const tabs: LoginTab[] = lang === 'en' ? ['sms', 'mail', 'password'] : ['sms', 'password'];
  const tabLabel: Record<LoginTab, MessageKey> = {
    sms: 'auth.tab.sms',
    mail: 'auth.tab.mail',
    password: 'auth.tab.password',
  };
  const accountPlaceholder: MessageKey =
    flow === 'login' && tab === 'sms'
      ? 'auth.phone.placeholder'
      : flow === 'login' && tab === 'mail'
        ? 'auth.mail.placeholder'
        : 'auth.account.placeholder';
  const submitLabel: MessageKey =
    flow === 'register' ? 'auth.submit.register' : flow === 'reset' ? 'auth.submit.reset' : 'auth.submit.login';

  return (
    <form className="login-form" onSubmit={submit} noValidate data-flow={flow}>
      {flow === 'login' ? (
        <div className="tabs" role="tablist">
          {tabs.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={tab === k ? 'tab active' : 'tab'}
              data-testid={`tab-${k}`}
              onClick={() => go('login', k)}
            >
              {t(tabLabel[k])}
            </button>
          ))}
        </div>
      ) : (
        <h3 className="login-flow-title" data-testid="flow-title">
          {t(flow === 'register' ? 'auth.title.register' : 'auth.title.reset')}
        </h3>
      )}

      <input
        className="input"
        name="account"
        autoComplete="username"
        inputMode={flow === 'login' && tab === 'sms' ? 'numeric' : 'email'}
        placeholder={t(accountPlaceholder)}
        aria-label={t(accountPlaceholder)}
        value={account}
        maxLength={254}
        data-testid="account-input"
        onChange={(e) => {
          setAccount(e.target.value);
          clearError();
        }}
      />
      {mobile && flow === 'login' && tab === 'sms' && (
        <p className="form-hint" data-testid="auto-register-hint">
          {t('auth.autoRegisteredMobile')}
        </p>
      )}

      {usesCode && (
        <div className="code-row">
          <input
            className="input"
            name="verifyCode"
            autoComplete="one-time-code"
            inputMode="numeric"
            placeholder={t('auth.code.placeholder')}
            aria-label={t('auth.code.placeholder')}
            value={code}
            maxLength={CODE_LENGTH}
            data-testid="code-input"
            onChange={(e) => {
              setCode(e.target.value);
              clearError();
            }}
          />
          <button
            type="button"
            className="button"
            disabled={countdown.left > 0 || captchaFor !== null}
            data-testid="send-code-button"
            onClick={startSend}
          >
            {countdown.left > 0 ? t('auth.code.countdown', { n: countdown.left }) : t('auth.code.send')}
          </button>
        </div>
      )}
      {captchaFor && (
        <CaptchaStep
          account={captchaFor.value}
          kind={captchaFor.kind}
          onSent={onCodeSent}
          onCancel={() => setCaptchaFor(null)}
          onError={(text) => setError({ text })}
        />
      )}

      {loginCaptcha && flow === 'login' && tab === 'password' && (
        <CaptchaStep
          account={loginCaptcha.value}
          kind={loginCaptcha.kind}
          purpose="verify"
          onSent={onLoginCaptchaSolved}
          onCancel={() => setLoginCaptcha(null)}
          onError={(text) => setError({ text })}
        />
      )}

      {usesPassword && (
        <input
          className="input"
          type="password"
          name="password"
          autoComplete={flow === 'login' ? 'current-password' : 'new-password'}
          placeholder={t('auth.password.placeholder')}
          aria-label={t('auth.password.placeholder')}
          value={password}
          maxLength={64}
          data-testid="password-input"
          onChange={(e) => {
            setPassword(e.target.value);
            clearError();
          }}
        />
      )}
      {needsConfirm && (
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
            clearError();
          }}
        />
      )}

      {needsAgreement && (
        <label className="agreement">
          <input
            type="checkbox"
            checked={agreed}
            data-testid="agreement-checkbox"
            onChange={(e) => {
              setAgreed(e.target.checked);
              clearError();
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
      )}
      {needsAgreement && !agreed && (
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
        {t(submitLabel)}
      </button>

      <div className="login-links">
        {flow === 'login' ? (
          <>
            <button type="button" className="link" data-testid="link-register" onClick={() => go('register')}>
              {t('auth.link.register')}
            </button>
            <button type="button" className="link" data-testid="link-reset" onClick={() => go('reset')}>
              {t('auth.link.reset')}
            </button>
          </>
        ) : (
          <button type="button" className="link" data-testid="link-back" onClick={() => go('login')}>
            {t('auth.link.back')}
          </button>
        )}
      </div>
    </form>
  );
}
