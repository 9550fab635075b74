import { useState } from 'react';
import { LockIcon } from '../../../components/icons';
import { ImageUploader, type UploadedImage } from '../../../components/ImageUploader';
import { useI18n, type MessageKey } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useBackgroundLibrary } from '../api/backgrounds';
import { GRADIENTS, PALETTE, type BackgroundChoice } from '../constants';
import './BackgroundPicker.css';

type Tab = BackgroundChoice['kind'];
const TABS: readonly Tab[] = ['palette', 'custom', 'gradient', 'template', 'upload'];

interface Props {
  value: BackgroundChoice;
  onChange: (bg: BackgroundChoice) => void;
  /** Paid tiers may use colours outside the palette. */
  allowsCustomColour: boolean;
}

/** The background choice with previews: palette, custom colour, gradients, templates, own picture. */
export function BackgroundPicker({ value, onChange, allowsCustomColour }: Props) {
  const { t } = useI18n();
  const library = useBackgroundLibrary();
  const [category, setCategory] = useState<string>('all');
  const [uploadPreview, setUploadPreview] = useState<string | null>(null);
  const [custom, setCustom] = useState('#8FB3D9');

  const pickTab = (tab: Tab) => {
    if (tab === value.kind) return;
    if (tab === 'custom' && !allowsCustomColour) {
      toast.warning(t('productImage.customColourMembers'));
      return;
    }
    const next: Record<Tab, BackgroundChoice> = {
      palette: { kind: 'palette', hex: PALETTE[0].hex },
      custom: { kind: 'custom', hex: custom },
      gradient: { kind: 'gradient', ...GRADIENTS[0] },
      template: { kind: 'template', id: library.data?.templates[0]?.id ?? 'studio-light' },
      upload: { kind: 'upload', url: null },
    };
    onChange(next[tab]);
  };

  const onUploaded = ({ url, file }: UploadedImage) => {
    setUploadPreview(URL.createObjectURL(file));
    onChange({ kind: 'upload', url });
  };

  const templates = (library.data?.templates ?? []).filter((tp) => category === 'all' || tp.category === category);
  const categories = ['all', ...new Set((library.data?.templates ?? []).map((tp) => tp.category))];

  return (
    <fieldset className="field background-picker" data-testid="background-picker">
      <legend>{t('productImage.background')}</legend>
      <div className="bg-tabs" role="tablist">
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={value.kind === tab}
            className={value.kind === tab ? 'bg-tab active' : 'bg-tab'}
            data-testid={`bg-tab-${tab}`}
            onClick={() => pickTab(tab)}
          >
            {t(`productImage.bg.${tab}` as MessageKey)}
            {tab === 'custom' && !allowsCustomColour && <LockIcon className="tab-lock" />}
          </button>
        ))}
      </div>

      {value.kind === 'palette' && (
        <div className="swatches" data-testid="palette">
          {PALETTE.map((p) => (
            <button
              key={p.name}
              type="button"
              title={t(`productImage.colour.${p.name}` as MessageKey)}
              aria-pressed={value.hex === p.hex}
              data-testid={`swatch-${p.name}`}
              className={value.hex === p.hex ? 'swatch selected' : 'swatch'}
              style={{ background: p.hex }}
              onClick={() => onChange({ kind: 'palette', hex: p.hex })}
            />
          ))}
        </div>
      )}

      {value.kind === 'custom' && (
        <label className="field inline custom-colour">
          <input
            type="color"
            data-testid="custom-colour"
            value={value.hex}
            onChange={(e) => {
              setCustom(e.target.value);
              onChange({ kind: 'custom', hex: e.target.value });
            }}
          />
          <code>{value.hex.toUpperCase()}</code>
        </label>
      )}

      {value.kind === 'gradient' && (
        <div className="swatches" data-testid="gradients">
          {GRADIENTS.map((g) => {
            const selected = value.from === g.from && value.to === g.to;
            return (
              <button
                key={`${g.from}-${g.to}`}
                type="button"
                aria-pressed={selected}
                className={selected ? 'swatch gradient selected' : 'swatch gradient'}
                style={{ background: `linear-gradient(${g.from}, ${g.to})` }}
                onClick={() => onChange({ kind: 'gradient', from: g.from, to: g.to })}
              />
            );
          })}
        </div>
      )}

      {value.kind === 'template' && (
        <div className="bg-templates" data-testid="templates">
          <div className="bg-categories">
            {categories.map((c) => (
              <button
                key={c}
                type="button"
                className={category === c ? 'chip active' : 'chip'}
                aria-pressed={category === c}
                onClick={() => setCategory(c)}
              >
                {t(`productImage.category.${c}` as MessageKey)}
              </button>
            ))}
          </div>
          <div className="template-grid">
            {templates.map((tp) => (
              <button
                key={tp.id}
                type="button"
                aria-pressed={value.id === tp.id}
                data-testid={`template-${tp.id}`}
                className={value.id === tp.id ? 'template selected' : 'template'}
                onClick={() => onChange({ kind: 'template', id: tp.id })}
              >
                <img src={tp.previewUrl} alt="" width={96} height={96} />
                <span className="template-name">{tp.name}</span>
              </button>
            ))}
          </div>
        </div>
      )}

      {value.kind === 'upload' && <ImageUploader previewUrl={uploadPreview} onUploaded={onUploaded} />}
    </fieldset>
  );
}
