import './checkbox-group.css';
import { formatNumber } from '../../../shared/lib/formats';
// A set of checkboxes under one legend, for choosing several strings: the search filters' species and
// services, and a vet's own. Native inputs in a fieldset keep it keyboard usable and named for screen readers.

export interface CheckboxGroupProps {
  legend: string;
  /** Shown to screen readers only, where a heading nearby already says it. */
  hideLegend?: boolean;
  options: readonly string[];
  /** The chosen values; a chosen value missing from `options` is shown after them, so it can be unchecked. */
  value?: readonly string[];
  onChange: (chosen: string[]) => void;
  /** Once this many are chosen, the unchecked boxes are disabled. */
  max?: number;
  /** `grid` lays the boxes out in columns; the default flows them in lines. */
  layout?: 'flow' | 'grid';
  id?: string;
  /** How many results each option would find, where the answer says (the search filters' facets). */
  counts?: Readonly<Record<string, number>>;
}

export function CheckboxGroup({ legend, hideLegend, options, value = [], onChange, max, layout = 'flow', id, counts }: CheckboxGroupProps) {
  const shown = [...options, ...value.filter((v) => !options.includes(v))];
  const full = max !== undefined && value.length >= max;
  const toggle = (option: string) => onChange(value.includes(option) ? value.filter((v) => v !== option) : [...value, option]);
  return (
    <fieldset id={id} className={`checkbox-group checkbox-group-${layout}`}>
      <legend className={hideLegend ? 'visually-hidden' : undefined}>{legend}</legend>
      {shown.map((option) => {
        const checked = value.includes(option);
        const count = counts?.[option];
        return (
          <label key={option}>
            <input type="checkbox" checked={checked} disabled={full && !checked} onChange={() => toggle(option)} /> {option}
            {count !== undefined && <span className="checkbox-count"> ({formatNumber(count)})</span>}
          </label>
        );
      })}
    </fieldset>
  );
}
