/**
 * The option controls generation pages share, each a labelled `.field`
 * whose input carries the page's `data-testid`.
 */
import type { ReactNode } from 'react';

type OptionValue = string | number;

interface SelectFieldProps<V extends OptionValue> {
  label: ReactNode;
  testId: string;
  value: V;
  options: readonly V[];
  /** How an option reads; the value itself by default. */
  optionLabel?: (v: V) => ReactNode;
  onChange: (v: V) => void;
}

export function SelectField<V extends OptionValue>({ label, testId, value, options, optionLabel = (v) => v, onChange }: SelectFieldProps<V>) {
  return (
    <label className="field">
      <span className="field-head">{label}</span>
      <select
        data-testid={testId}
        value={value}
        onChange={(e) => {
          const picked = options.find((o) => String(o) === e.target.value);
          if (picked !== undefined) onChange(picked);
        }}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {optionLabel(o)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * 1..max, e.g. genNum or topN. The bound (and often the default) is the
 * server's: while it loads (null) the select is shown empty and disabled.
 */
export function CountSelect(props: Omit<SelectFieldProps<number>, 'options' | 'optionLabel' | 'value'> & { max: number | null; value: number | null }) {
  const { max, value, ...rest } = props;
  if (max === null || value === null) {
    return (
      <label className="field">
        <span className="field-head">{rest.label}</span>
        <select data-testid={rest.testId} disabled value="">
          <option value="" />
        </select>
      </label>
    );
  }
  return <SelectField {...rest} value={value} options={Array.from({ length: max }, (_, i) => i + 1)} />;
}

/** An aspect ratio: `original` reads as `originalLabel`, the others as themselves. */
export function RatioSelect<R extends string>(props: Omit<SelectFieldProps<R>, 'optionLabel' | 'testId'> & { originalLabel: string }) {
  const { originalLabel, ...rest } = props;
  return <SelectField {...rest} testId="option-ratio" optionLabel={(r) => (r === 'original' ? originalLabel : r)} />;
}

interface RangeFieldProps {
  label: ReactNode;
  /** The current value as it reads (×1.20, 3px), shown across from the name. */
  valueLabel?: ReactNode;
  testId: string;
  min: number;
  max: number;
  step?: number;
  value: number;
  onChange: (v: number) => void;
  hint?: ReactNode;
  /** While a bound is unknown (the server's limits load). */
  disabled?: boolean;
}

export function RangeField({ label, valueLabel, testId, min, max, step, value, onChange, hint, disabled }: RangeFieldProps) {
  return (
    <label className="field">
      <span className="field-head">
        <span>{label}</span>
        {valueLabel !== undefined && <output className="field-value">{valueLabel}</output>}
      </span>
      <input type="range" min={min} max={max} step={step} data-testid={testId} value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))} />
      {hint && <small className="muted">{hint}</small>}
    </label>
  );
}

interface CheckboxFieldProps {
  label: ReactNode;
  testId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function CheckboxField({ label, testId, checked, onChange }: CheckboxFieldProps) {
  return (
    <label className="field inline">
      <input type="checkbox" data-testid={testId} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

interface ChipGroupProps<V extends OptionValue> {
  legend: ReactNode;
  testId: string;
  /** The radio group's name. */
  name: string;
  value: V;
  options: readonly V[];
  optionLabel: (v: V) => ReactNode;
  onChange: (v: V) => void;
}

/** A segmented radio group: one chip per option. */
export function ChipGroup<V extends OptionValue>({ legend, testId, name, value, options, optionLabel, onChange }: ChipGroupProps<V>) {
  return (
    <fieldset className="field segmented" data-testid={testId}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o} className={value === o ? 'chip active' : 'chip'}>
          <input type="radio" name={name} value={o} checked={value === o} onChange={() => onChange(o)} />
          {optionLabel(o)}
        </label>
      ))}
    </fieldset>
  );
}
