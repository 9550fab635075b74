interface ProgressBarProps {
  value: number;
  label?: string;
  testId?: string;
}

export function ProgressBar({ value, label, testId }: ProgressBarProps) {
  const v = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="progress" data-testid={testId}>
      <div
        className="progress-track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={v}
        aria-label={label}
      >
        <div className="progress-fill" style={{ width: `${v}%` }} />
      </div>
      <span className="progress-text">{v}%</span>
    </div>
  );
}
