// The 'what' box beside the place (decisions section 20): a clinic's name, a service or a species, with suggestions
// from /api/doctors/suggest while the person types. An ARIA 1.2 combobox over a native input: arrows move through the
// suggestions, Enter takes one, Escape closes them; the input keeps focus throughout (aria-activedescendant).
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useSuggestDoctorsQuery, type DoctorSuggestion } from '../api/suggest-doctors';
import { WHAT_MAX, WHAT_MIN } from '../search-params';
import './what-box.css';

/** Asked once the typing pauses this long, so a word typed quickly is one request. */
const SUGGEST_DELAY_MS = 200;

const KIND_LABELS: Record<DoctorSuggestion['kind'], string> = { clinic: 'Clinic', service: 'Service', species: 'Pet' };

export interface WhatBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** A suggestion taken (click or Enter): the form searches for it, or opens a clinic's profile. */
  onPick: (suggestion: DoctorSuggestion) => void;
}

export function WhatBox({ value, onChange, onPick }: WhatBoxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Debounced: the query follows the box after a pause in the typing.
  useEffect(() => {
    const timer = setTimeout(() => setTyped(value.trim()), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const { currentData } = useSuggestDoctorsQuery(typed, { skip: typed.length < WHAT_MIN || !open });
  const suggestions = typed.length >= WHAT_MIN ? (currentData?.data ?? []) : [];
  const shown = open && suggestions.length > 0;
  useEffect(() => setActive(-1), [typed]);

  const pick = (suggestion: DoctorSuggestion) => {
    setOpen(false);
    setActive(-1);
    onPick(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!suggestions.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the box itself: past the last suggestion the arrows come back to what was typed.
      const slots = suggestions.length + 1;
      setActive((index) => ((index + 1 + step + slots) % slots) - 1);
    } else if (event.key === 'Enter' && shown && active >= 0 && active < suggestions.length) {
      event.preventDefault();
      pick(suggestions[active] as DoctorSuggestion);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="field what-box">
      <label htmlFor={id}>What</label>
      <input
        id={id}
        name="q"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 && active < suggestions.length ? `${listId}-${active}` : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Clinic, service or pet"
        maxLength={WHAT_MAX}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Suggestions" className="what-suggestions" hidden={!shown}>
        {suggestions.map((suggestion, index) => (
          <li
            key={`${suggestion.kind}-${suggestion.id ?? suggestion.label}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Taken on mouse down: the input's blur (which closes the list) comes after the click otherwise.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(suggestion);
            }}
          >
            <span className="what-suggestion-label">{suggestion.label}</span>
            <span className="what-suggestion-kind">{KIND_LABELS[suggestion.kind]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
