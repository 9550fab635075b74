import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { fetchCaptcha, sendCode, verifyCaptcha } from '../api/verification';

interface CaptchaStepProps {
  account: string;
  kind: 'phone' | 'email';
  /**
   * What a right answer buys: by default a code is sent to the account; a
   * password login that the server asked for a captcha passes `'verify'`
   * and sends the login again itself.
   */
  purpose?: 'send' | 'verify';
  /** The code was sent (the countdown starts), or the captcha was solved. */
  onSent: () => void;
  onCancel: () => void;
  onError: (text: string) => void;
}

/**
 * The captcha before a code is sent: the server's image for the account,
 * an answer box, and a new image on a wrong answer (验证失败请重试). An empty
 * image means requests are too frequent (请求频繁，请稍后再试).
 */
export function CaptchaStep({ account, kind, purpose = 'send', onSent, onCancel, onError }: CaptchaStepProps) {
  const { t } = useI18n();
  const [src, setSrc] = useState<string | null>(null);
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const urlRef = useRef<string | null>(null);

  // Bumped to draw a new image (refresh, wrong answer).
  const [draw, setDraw] = useState(0);
  const load = useCallback(() => setDraw((n) => n + 1), []);

  // The parent's callbacks change every render; the image must not.
  const handlers = useRef({ onCancel, onError });
  useEffect(() => {
    handlers.current = { onCancel, onError };
  });

  const show = useCallback(
    (blob: Blob | null) => {
      if (!blob) {
        const text = t('auth.tooFrequent');
        toast.error(text);
        handlers.current.onError(text);
        handlers.current.onCancel();
        return;
      }
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
      urlRef.current = URL.createObjectURL(blob);
      setAnswer('');
      setSrc(urlRef.current);
    },
    [t],
  );

  useEffect(() => {
    let live = true;
    fetchCaptcha(account)
      .catch(() => null)
      .then((blob) => {
        if (live) show(blob);
      });
    return () => {
      live = false;
    };
  }, [account, draw, show]);

  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const confirm = async () => {
    if (!answer.trim() || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      if (!(await verifyCaptcha(account, answer.trim()))) {
        const text = t('auth.captchaFailed');
        setMessage(text);
        toast.error(text);
        load();
        return;
      }
      if (purpose === 'send') await sendCode(account, kind);
      onSent();
    } catch (e) {
      const text = isApiError(e) ? e.msg : e instanceof Error ? e.message : t('error.server');
      toast.error(text);
      onError(text);
      onCancel();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="captcha-panel" data-testid="captcha-panel" role="group" aria-label={t('auth.captcha.title')}>
      <p className="form-hint">{t('auth.captcha.title')}</p>
      <div className="captcha-row">
        {src && (
          <img
            src={src}
            alt={t('auth.captcha.title')}
            width={160}
            height={60}
            data-testid="captcha-image"
            onClick={load}
          />
        )}
        <button type="button" className="link" data-testid="captcha-refresh" onClick={load}>
          {t('auth.captcha.refresh')}
        </button>
      </div>
      <input
        className="input"
        value={answer}
        maxLength={8}
        placeholder={t('auth.captcha.placeholder')}
        aria-label={t('auth.captcha.placeholder')}
        data-testid="captcha-input"
        onChange={(e) => setAnswer(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void confirm();
          }
        }}
      />
      {message && (
        <p className="form-error" role="alert" data-testid="captcha-error">
          {message}
        </p>
      )}
      <button
        type="button"
        className="button primary"
        disabled={!answer.trim() || busy}
        data-testid="captcha-submit"
        onClick={() => void confirm()}
      >
        {t('auth.captcha.submit')}
      </button>
    </div>
  );
}
