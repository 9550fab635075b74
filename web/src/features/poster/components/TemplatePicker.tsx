import { useEffect, useMemo, useState } from 'react';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { usePosterTemplates } from '../api';
import { productSlots } from '../constants';
import type { PosterPicture } from '../render';
import type { PosterTemplateEntry } from '../template';
import { PosterThumb } from './PosterThumb';

interface Props {
  /** The chosen template ids (one in the editor, several for a batch). */
  selected: readonly string[];
  onPick: (entry: PosterTemplateEntry) => void;
  /** The product photo, shown in the thumbnails' product slots. */
  product?: PosterPicture;
  thumbWidth?: number;
  className?: string;
}

/** Categories, a search box and the templates drawn by the browser renderer. */
export function TemplatePicker({ selected, onPick, product, thumbWidth = 120, className }: Props) {
  const { t } = useI18n();
  const [category, setCategory] = useState('');
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setQ(input), 300);
    return () => clearTimeout(id);
  }, [input]);
  const library = usePosterTemplates(q, category);
  const categories = library.data?.categories ?? [];
  const templates = library.data?.templates ?? [];

  return (
    <div className={`poster-picker ${className ?? ''}`} data-testid="template-picker">
      <input
        type="search"
        className="poster-search"
        data-testid="template-search"
        value={input}
        placeholder={t('poster.search')}
        aria-label={t('poster.search')}
        onChange={(e) => setInput(e.target.value)}
      />
      <div className="poster-categories" role="tablist">
        {['', ...categories].map((c) => (
          <button
            key={c || 'all'}
            type="button"
            role="tab"
            aria-selected={category === c}
            className={category === c ? 'chip active' : 'chip'}
            data-testid={`template-category-${c || 'all'}`}
            onClick={() => setCategory(c)}
          >
            {t(`poster.category.${c || 'all'}` as MessageKey)}
          </button>
        ))}
      </div>
      {library.isError && <p className="form-error">{t('poster.libraryFailed')}</p>}
      {library.data && templates.length === 0 && <p className="muted" data-testid="template-none">{t('poster.noTemplates')}</p>}
      <div className="poster-template-grid" aria-busy={library.isFetching}>
        {templates.map((entry) => (
          <TemplateCard key={entry.id} entry={entry} selected={selected.includes(entry.id)} onPick={onPick} product={product} width={thumbWidth} />
        ))}
      </div>
    </div>
  );
}

function TemplateCard({ entry, selected, onPick, product, width }: { entry: PosterTemplateEntry; selected: boolean; onPick: (e: PosterTemplateEntry) => void; product?: PosterPicture; width: number }) {
  const images = useMemo(() => (product ? Object.fromEntries(productSlots(entry.template).map((id) => [id, product])) : undefined), [entry.template, product]);
  return (
    <button
      type="button"
      className={selected ? 'poster-template selected' : 'poster-template'}
      aria-pressed={selected}
      data-testid={`template-${entry.id}`}
      onClick={() => onPick(entry)}
      title={entry.name}
    >
      <span className="poster-thumb-frame" style={{ maxWidth: width }}>
        <PosterThumb template={entry.template} width={entry.width >= entry.height ? width : Math.round((width * entry.width) / entry.height)} images={images} fill />
      </span>
      <span className="poster-template-name">{entry.name}</span>
      <span className="poster-template-aspect">{entry.aspect}</span>
    </button>
  );
}
