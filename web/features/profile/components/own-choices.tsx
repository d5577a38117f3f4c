// Choosing several entries of a maintained list plus ones the vet types (services, species treated):
// the wizard's Step 2 and the /viewprofile services panel. Works as an antd Form.Item child (value, onChange).
import { useState } from 'react';
import { PROFILE_LIMITS } from '../../../../shared/lib/profile-rules';
import { CheckboxGroup } from '../../../components/ui/checkbox-group';
import '../profile.css';

export interface OwnChoicesProps {
  legend: string;
  hideLegend?: boolean;
  options: readonly string[];
  value?: string[];
  onChange?: (chosen: string[]) => void;
  /** The label of the text box for a value of the vet's own, e.g. "Add your own service". */
  addLabel: string;
  /** The text box's id: unique on the page. */
  addId: string;
  /** How many may be chosen, and how long one may be: the profile's list limits unless told. */
  max?: number;
  maxLength?: number;
}

export function OwnChoices({
  legend,
  hideLegend,
  options,
  value = [],
  onChange,
  addLabel,
  addId,
  max = PROFILE_LIMITS.listMax,
  maxLength = PROFILE_LIMITS.listItemMax,
}: OwnChoicesProps) {
  const [own, setOwn] = useState('');
  const full = value.length >= max;
  const addOwn = () => {
    const entry = own.trim().replace(/\s+/g, ' ');
    if (entry && !value.includes(entry) && !full) onChange?.([...value, entry]);
    setOwn('');
  };
  return (
    <div className="own-choices">
      <CheckboxGroup legend={legend} hideLegend={hideLegend} layout="grid" options={options} value={value} onChange={(next) => onChange?.(next)} max={max} />
      <div className="own-choices-add">
        <div className="field">
          <label htmlFor={addId}>{addLabel}</label>
          <input
            id={addId}
            maxLength={maxLength}
            value={own}
            disabled={full}
            onChange={(e) => setOwn(e.target.value)}
            // NOTE: Enter adds the entry instead of submitting the surrounding form.
            onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), addOwn())}
          />
        </div>
        <button type="button" className="button" onClick={addOwn} disabled={!own.trim() || full}>
          Add
        </button>
      </div>
    </div>
  );
}
