import type { ReactNode } from 'react';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { contentProblem, countChars, type RewriteLimits } from '../constants';

interface ContentFieldProps {
  label: ReactNode;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  limits: RewriteLimits | null;
  /** Also say that an empty field is required (after a generate was tried). */
  attempted: boolean;
  rows?: number;
  testId?: string;
  /** The message of an empty field, when not the rewrite pages' own. */
  requiredKey?: MessageKey;
}

/**
 * The text to rewrite, with its count against the server's maximum and the
 * problem (too short, too long) said under it as soon as there is one.
 */
export function ContentField({ label, placeholder, value, onChange, limits, attempted, rows = 8, testId = 'rewrite-content', requiredKey }: ContentFieldProps) {
  const { t } = useI18n();
  const n = countChars(value);
  const problem = limits ? contentProblem(value, limits) : null;
  const shown = problem && (problem !== 'rewrite.contentRequired' || attempted) ? problem : null;
  const over = !!limits && n > limits.contentMaxChars;
  return (
    <label className="field rewrite-content">
      <span className="field-head">
        <span>{label}</span>
        <output className={over ? 'field-value over' : 'field-value'} data-testid={`${testId}-counter`}>
          {limits ? t('rewrite.counter', { n, max: limits.contentMaxChars }) : n}
        </output>
      </span>
      <textarea
        data-testid={testId}
        rows={rows}
        value={value}
        placeholder={placeholder}
        aria-invalid={!!shown}
        onChange={(e) => onChange(e.target.value)}
      />
      {shown && limits && (
        <small className="field-error" role="alert" data-testid={`${testId}-error`}>
          {t(shown === 'rewrite.contentRequired' && requiredKey ? requiredKey : shown, { min: limits.contentMinChars, max: limits.contentMaxChars })}
        </small>
      )}
    </label>
  );
}
