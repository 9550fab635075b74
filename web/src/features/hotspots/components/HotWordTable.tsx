import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useHotWords } from '../api/hotspots';
import { formatGrowth } from '../../../lib/heat';

/** The hot words of a window, ranked by growth (the server's order): word, recent, earlier, growth. */
export function HotWordTable({ windowHours, enabled = true }: { windowHours: number; enabled?: boolean }) {
  const { t, lang } = useI18n();
  const { user } = useSession();
  const on = enabled && !!user;
  const words = useHotWords(windowHours, on);
  if (!on) return null;
  if (words.isPending) {
    return (
      <p className="muted hotspot-state" data-testid="hot-words-loading">
        {t('hot.loading')}
      </p>
    );
  }
  if (words.isError) {
    return (
      <div className="hotspot-state" role="alert" data-testid="hot-words-error">
        <p className="muted">{t('hot.loadFailed')}</p>
        <button type="button" className="button small" onClick={() => void words.refetch()}>
          {t('hot.retry')}
        </button>
      </div>
    );
  }
  if (words.data.length === 0) {
    return (
      <p className="muted hotspot-state" data-testid="hot-words-empty">
        {t('hot.words.empty')}
      </p>
    );
  }
  return (
    <div className="hot-words-scroll">
      <table className="hot-words" data-testid="hot-word-table">
        <thead>
          <tr>
            <th scope="col">{t('hot.words.rank')}</th>
            <th scope="col">{t('hot.words.word')}</th>
            <th scope="col" className="num">
              {t('hot.words.recent')}
            </th>
            <th scope="col" className="num">
              {t('hot.words.earlier')}
            </th>
            <th scope="col" className="num">
              {t('hot.words.growth')}
            </th>
          </tr>
        </thead>
        <tbody>
          {words.data.map((w, i) => (
            <tr key={w.word} data-testid="hot-word-row">
              <td className={i < 3 ? 'hotspot-rank top' : 'hotspot-rank'}>{i + 1}</td>
              <td className="hot-word" data-testid="hot-word">
                {w.word}
              </td>
              <td className="num">{w.recent}</td>
              <td className="num">{w.earlier}</td>
              <td className={w.growth >= 0 ? 'num hotspot-growth up' : 'num hotspot-growth down'}>
                <span aria-hidden="true">{w.growth >= 0 ? '▲' : '▼'}</span> {formatGrowth(w.growth, lang)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
