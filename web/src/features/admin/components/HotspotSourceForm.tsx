/**
 * Adds a hotspot source or edits one: the fields checked as typed, the JSON
 * mapping only for the json format, and the API's refusal (`msg`) beside the
 * buttons. The page remounts it (by key) for each source edited.
 */
import { useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { useI18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import {
  FEED_FORMATS,
  HOTSPOT_KINDS,
  HOTSPOT_PLATFORMS,
  useSaveHotspotSource,
  type FeedFormat,
  type HotspotKind,
  type HotspotPlatform,
  type HotspotSource,
} from '../api/hotspotSources';
import { INTERVAL_MAX, INTERVAL_MIN, MAPPING_FIELDS, draftFromSource, emptyDraft, sourceBody, validateSource, type SourceDraft } from '../api/sourceForm';
import { adminText, type AdminKey } from './text';

interface Props {
  /** The source edited; null: a new one. */
  editing: HotspotSource | null;
  onDone: () => void;
}

export function HotspotSourceForm({ editing, onDone }: Props) {
  const { lang } = useI18n();
  const tr = (k: AdminKey) => adminText(k, lang);
  const [draft, setDraft] = useState<SourceDraft>(() => (editing ? draftFromSource(editing) : emptyDraft()));
  // Errors show once the form was submitted, not while the first field is half typed.
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveHotspotSource();
  const errors = validateSource(draft);
  const shown = submitted ? errors : {};

  const set = <K extends keyof SourceDraft>(key: K, value: SourceDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setPointer = (field: (typeof MAPPING_FIELDS)[number], value: string) =>
    setDraft((d) => ({ ...d, mapping: { ...d.mapping, [field]: value } }));
  const ruleText = (field: keyof typeof errors) => {
    const rule = shown[field];
    return rule ? (
      <span className="field-error" data-testid={`source-error-${field}`}>
        {tr(`sources.rule.${rule}`)}
      </span>
    ) : null;
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate(
      { id: editing?.id, body: sourceBody(draft) },
      {
        onSuccess: () => {
          toast.success(tr('sources.saved'));
          if (!editing) {
            setDraft(emptyDraft());
            setSubmitted(false);
          }
          onDone();
        },
      },
    );
  };

  return (
    <section>
      <h2>{editing ? tr('sources.editing') : tr('sources.add')}</h2>
      <form className="source-form" data-testid="source-form" onSubmit={submit} noValidate>
        <label>
          {tr('sources.name')}
          <input
            className="input"
            data-testid="source-name"
            // Edit sits below the table: focusing the form brings it into view.
            autoFocus={!!editing}
            value={draft.name}
            onChange={(e) => set('name', e.target.value)}
            aria-invalid={!!shown.name}
          />
          {ruleText('name')}
        </label>
        <label>
          {tr('sources.format')}
          <select className="input" data-testid="source-format" value={draft.format} onChange={(e) => set('format', e.target.value as FeedFormat)}>
            {FEED_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <label>
          {tr('sources.url')}
          <input
            className="input"
            type="url"
            data-testid="source-url"
            value={draft.url}
            placeholder="https://"
            onChange={(e) => set('url', e.target.value)}
            aria-invalid={!!shown.url}
          />
          {ruleText('url')}
        </label>
        <label>
          {tr('sources.platform')}
          <select className="input" data-testid="source-platform" value={draft.platform} onChange={(e) => set('platform', e.target.value as HotspotPlatform)}>
            {HOTSPOT_PLATFORMS.map((p) => (
              <option key={p} value={p}>
                {tr(`platform.${p}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {tr('sources.kind')}
          <select className="input" data-testid="source-kind" value={draft.kind} onChange={(e) => set('kind', e.target.value as HotspotKind)}>
            {HOTSPOT_KINDS.map((k) => (
              <option key={k} value={k}>
                {tr(`kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {tr('sources.intervalMinutes')}
          <input
            className="input"
            type="number"
            min={INTERVAL_MIN}
            max={INTERVAL_MAX}
            data-testid="source-interval"
            value={draft.intervalMinutes}
            onChange={(e) => set('intervalMinutes', e.target.value)}
            aria-invalid={!!shown.intervalMinutes}
          />
          {ruleText('intervalMinutes')}
        </label>
        <label className="source-form-check">
          <input type="checkbox" data-testid="source-form-enabled" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />
          {tr('sources.enabled')}
        </label>
        {draft.format === 'json' && (
          <fieldset data-testid="source-mapping">
            <legend>{tr('sources.mapping')}</legend>
            <p className="muted">
              {tr('sources.mappingHint')}
            </p>
            {MAPPING_FIELDS.map((f) => (
              <label key={f}>
                {tr(`sources.mapping.${f}`)}
                {(f === 'items' || f === 'title') && ' *'}
                <input
                  className="input"
                  data-testid={`source-mapping-${f}`}
                  value={draft.mapping[f]}
                  placeholder="/"
                  onChange={(e) => setPointer(f, e.target.value)}
                  aria-invalid={!!shown[`mapping.${f}`]}
                />
                {ruleText(`mapping.${f}`)}
              </label>
            ))}
          </fieldset>
        )}
        <div className="source-form-actions">
          <button type="submit" className="button primary" data-testid="source-submit" disabled={save.isPending}>
            {editing ? tr('sources.save') : tr('sources.create')}
          </button>
          {editing && (
            <button type="button" className="button ghost" data-testid="source-cancel-edit" onClick={onDone}>
              {tr('sources.cancel')}
            </button>
          )}
          {save.isError && (
            <span className="form-error" role="alert" data-testid="source-form-error">
              {isApiError(save.error) ? save.error.msg : String(save.error)}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
