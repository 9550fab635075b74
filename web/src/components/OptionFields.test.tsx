import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxField, ChipGroup, CountSelect, RangeField, RatioSelect, SelectField } from './OptionFields';

describe('OptionFields', () => {
  it('SelectField answers the option itself, numbers included', () => {
    const onChange = vi.fn();
    render(<SelectField label="时长" testId="video-duration" options={[1.5, 2, 2.5]} value={2} optionLabel={(d) => `${d} 秒`} onChange={onChange} />);
    const select = screen.getByTestId('video-duration');
    expect(select).toHaveValue('2');
    expect(screen.getByRole('option', { name: '1.5 秒' })).toBeInTheDocument();
    fireEvent.change(select, { target: { value: '1.5' } });
    expect(onChange).toHaveBeenCalledWith(1.5);
  });

  it('CountSelect offers 1..max', () => {
    const onChange = vi.fn();
    render(<CountSelect label="生成数量" testId="option-genNum" max={4} value={1} onChange={onChange} />);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '2', '3', '4']);
    fireEvent.change(screen.getByTestId('option-genNum'), { target: { value: '3' } });
    expect(onChange).toHaveBeenCalledWith(3);
  });

  it('RatioSelect names the original ratio', () => {
    render(<RatioSelect label="比例" originalLabel="原图比例" options={['original', '1:1'] as const} value="1:1" onChange={vi.fn()} />);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['原图比例', '1:1']);
    expect(screen.getByTestId('option-ratio')).toHaveValue('1:1');
  });

  it('RangeField, CheckboxField and ChipGroup report typed values', () => {
    const range = vi.fn();
    const check = vi.fn();
    const chip = vi.fn();
    render(
      <>
        <RangeField label="强度 0.55" testId="option-denoising" min={0} max={1} step={0.05} value={0.55} onChange={range} hint="提示" />
        <CheckboxField label="倒影" testId="option-reflection" checked={false} onChange={check} />
        <ChipGroup legend="格式" testId="video-format" name="f" options={['mp4', 'gif']} value="mp4" optionLabel={(f) => f.toUpperCase()} onChange={chip} />
      </>,
    );
    fireEvent.change(screen.getByTestId('option-denoising'), { target: { value: '0.8' } });
    expect(range).toHaveBeenCalledWith(0.8);
    expect(screen.getByText('提示')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('option-reflection'));
    expect(check).toHaveBeenCalledWith(true);
    expect(screen.getByLabelText('MP4')).toBeChecked();
    fireEvent.click(screen.getByLabelText('GIF'));
    expect(chip).toHaveBeenCalledWith('gif');
    expect(screen.getByText('MP4').closest('label')).toHaveClass('chip', 'active');
  });
});
