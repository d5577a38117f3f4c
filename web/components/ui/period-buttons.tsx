// The row of period buttons a figures page offers ('30 days', 'Last 90 days'): one pressed at a time.
import type { ReactNode } from 'react';

interface PeriodButtonsProps<T extends number> {
  periods: readonly T[];
  value: T;
  onChange: (period: T) => void;
  /** A button's text for its period. */
  label: (period: T) => string;
  /** The group's accessible name. */
  name: string;
  /** Further buttons in the same row (Download CSV). */
  children?: ReactNode;
}

export function PeriodButtons<T extends number>({ periods, value, onChange, label, name, children }: PeriodButtonsProps<T>) {
  return (
    <div className="actions" role="group" aria-label={name}>
      {periods.map((period) => (
        <button
          key={period}
          type="button"
          className={`button${period === value ? ' button-primary' : ''}`}
          aria-pressed={period === value}
          onClick={() => onChange(period)}
        >
          {label(period)}
        </button>
      ))}
      {children}
    </div>
  );
}
