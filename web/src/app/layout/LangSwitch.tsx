import { useI18n } from '../../lib/i18n';

export function LangSwitch() {
  const { t, lang, setLang } = useI18n();
  return (
    <button
      type="button"
      className="button ghost small"
      data-testid="lang-switch"
      aria-label={t('app.lang.label')}
      onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}
    >
      {t('app.lang.switchTo')}
    </button>
  );
}
