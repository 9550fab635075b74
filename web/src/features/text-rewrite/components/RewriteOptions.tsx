import type { ReactNode } from 'react';
import { CountSelect, SelectField } from '../../../components/OptionFields';
import { useI18n } from '../../../lib/i18n';
import {
  LANGUAGES,
  PLATFORMS,
  STYLES,
  effectiveGenNum,
  languageKey,
  platformKey,
  styleKey,
  type RewriteForm,
  type RewriteLimits,
} from '../constants';

interface OptionChipsProps<V extends string> {
  legend: ReactNode;
  testId: string;
  value: V;
  options: readonly V[];
  label: (v: V) => string;
  onChange: (v: V) => void;
}

/** A radio group of chips that wrap within the column; each chip carries `${testId}-${value}`. */
function OptionChips<V extends string>({ legend, testId, value, options, label, onChange }: OptionChipsProps<V>) {
  return (
    <fieldset className="field rewrite-chips" data-testid={testId}>
      <legend>{legend}</legend>
      <div className="rewrite-chip-list" role="radiogroup">
        {options.map((o) => (
          <button
            key={o}
            type="button"
            role="radio"
            aria-checked={value === o}
            className={value === o ? 'chip active' : 'chip'}
            data-testid={`${testId}-${o}`}
            onClick={() => onChange(o)}
          >
            {label(o)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The options every rewrite form has (the media forms too). */
export type RewriteChoices = Pick<RewriteForm, 'platform' | 'style' | 'language' | 'genNum'>;

type SetChoice = <K extends keyof RewriteChoices>(key: K) => (value: RewriteChoices[K]) => void;

interface RewriteOptionsProps<F extends RewriteChoices> {
  form: F;
  /** The form's setter (useTaskForm's `set`). */
  set: <K extends keyof F>(key: K) => (value: F[K]) => void;
  limits: Pick<RewriteLimits, 'genNumMax' | 'genNumDefault'> | null;
  /** Offer the count (the article page writes one answer). */
  count: boolean;
  /** Offer the platform (a video's answer is always a script, for no platform). */
  platform?: boolean;
  /** Offer the output language (the media pages' answers follow their source). */
  language?: boolean;
}

/** Platform, style, output language and (on /rewrite-text) how many versions. */
export function RewriteOptions<F extends RewriteChoices>({ form, set: setField, limits, count, platform = true, language = true }: RewriteOptionsProps<F>) {
  const { t } = useI18n();
  // Only the choices are set here, and F has them with these very types.
  const set = setField as unknown as SetChoice;
  return (
    <div className="options rewrite-options">
      {platform && (
        <OptionChips legend={t('rewrite.platform')} testId="rewrite-platform" value={form.platform} options={PLATFORMS} label={(p) => t(platformKey(p))} onChange={set('platform')} />
      )}
      <OptionChips legend={t('rewrite.style')} testId="rewrite-style" value={form.style} options={STYLES} label={(s) => t(styleKey(s))} onChange={set('style')} />
      {language && (
        <SelectField
          label={t('rewrite.language')}
          testId="rewrite-language"
          value={form.language}
          options={LANGUAGES}
          optionLabel={(l) => t(languageKey(l))}
          onChange={set('language')}
        />
      )}
      {count && (
        <CountSelect
          label={t('rewrite.genNum')}
          testId="rewrite-genNum"
          max={limits?.genNumMax ?? null}
          value={limits ? effectiveGenNum(form.genNum, limits) : null}
          onChange={set('genNum')}
        />
      )}
    </div>
  );
}
