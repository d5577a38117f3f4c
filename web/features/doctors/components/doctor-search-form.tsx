// The what / zip / city / state search form used on /home and /searchdoctor. It leads to the search's
// address (/searchdoctor?zip=...); the search state follows that address (../search-params.ts). The 'what' box
// (decisions section 20) searches alone or with the place; the home page adds species as one tap each.
// 'Use my location' asks the browser for the position and searches around it instead (docs/product.md 21.2).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { routePath } from '../../../../shared/routes';
import { useAppSelector } from '../../../app/store';
import { DigitsInput } from '../../../components/ui/digits-input';
import type { DoctorSuggestion } from '../api/suggest-doctors';
import { searchPath } from '../search-params';
import type { SearchState } from '../search-slice';
import { WhatBox } from './what-box';
import '../doctors.css';

/**
 * What 'Use my location' says when the browser gives no position (docs/product.md 21.2, 28.3), naming the
 * form's own submit button ('Find a vet' on the home page, 'Search' on /searchdoctor).
 */
export const NEAR_ME_MESSAGES = {
  denied: (submit: string) =>
    `Your browser did not share your location. Allow it for this site in the browser's settings, or type your zip code, city or state and press ${submit}.`,
  failed: (submit: string) => `We could not find your location in time. Type your zip code, city or state and press ${submit} instead.`,
  unsupported: (submit: string) => `This browser cannot share your location. Type your zip code, city or state and press ${submit} instead.`,
} as const;

/** How long the browser may take to find the position, and how old a position it may give. */
const LOCATE_TIMEOUT_MS = 10_000;
const LOCATE_MAX_AGE_MS = 5 * 60_000;

/** The home page's one-tap species: its label and the species filter's value (shared/constants/services.ts). */
const SPECIES_TAPS = [
  { label: 'Dog', value: 'dogs', icon: '🐕' },
  { label: 'Cat', value: 'cats', icon: '🐈' },
  { label: 'Rabbit', value: 'rabbits', icon: '🐇' },
  { label: 'Bird', value: 'birds', icon: '🦜' },
  { label: 'Reptile', value: 'reptiles', icon: '🦎' },
  { label: 'Horse', value: 'horses', icon: '🐎' },
  { label: 'Farm', value: 'farm animals', icon: '🐄' },
] as const;

export function DoctorSearchForm({ submitLabel = 'Find a vet', id, speciesTaps = false }: { submitLabel?: string; id?: string; speciesTaps?: boolean }) {
  const current = useAppSelector((state) => state.search);
  const [what, setWhat] = useState(current.q);
  const [zip, setZip] = useState(current.searchZipCode);
  const [city, setCity] = useState(current.searchCity);
  const [state, setState] = useState(current.searchState);
  const [locating, setLocating] = useState(false);
  const [locateProblem, setLocateProblem] = useState<string>();
  // The fields follow the search state when it changes elsewhere (a shared /searchdoctor?zip= link).
  useEffect(() => {
    setWhat(current.q);
    setZip(current.searchZipCode);
    setCity(current.searchCity);
    setState(current.searchState);
  }, [current.q, current.searchZipCode, current.searchCity, current.searchState]);
  const navigate = useNavigate();
  // The sentence about a refused location is brought into view beside the button (docs/product.md 28.3).
  const problemRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (locateProblem) problemRef.current?.scrollIntoView({ block: 'nearest' });
  }, [locateProblem]);

  /** The search of what the form holds; the filters, radius and sort of the current search stay (docs/product.md, Search). */
  const typed = (change: Partial<SearchState> = {}): Partial<SearchState> => {
    const place = { searchZipCode: zip.trim(), searchCity: city.trim(), searchState: state.trim() };
    const hasPlace = Boolean(place.searchZipCode || place.searchCity || place.searchState);
    // A typed place replaces 'near you' and the map's box; with none typed, those stay.
    const replaced = hasPlace ? { latitude: undefined, longitude: undefined, bounds: undefined } : {};
    return { ...current, ...place, ...replaced, q: what.trim(), searchStart: 0, ...change };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLocateProblem(undefined);
    navigate(searchPath(typed()));
  };
  // A clinic opens its profile; a service or a species searches for it.
  const pick = (suggestion: DoctorSuggestion) => {
    if (suggestion.kind === 'clinic' && suggestion.id !== undefined) {
      navigate(routePath('doctorProfile', { id: suggestion.id }));
      return;
    }
    setWhat(suggestion.label);
    navigate(searchPath(typed({ q: suggestion.label })));
  };
  // A species tap filters the place typed; without one it searches for the species everywhere (the 'what' box).
  const tapSpecies = (value: string) => {
    const search = typed();
    const hasPlace = Boolean(search.searchZipCode || search.searchCity || search.searchState || search.latitude !== undefined);
    navigate(searchPath(hasPlace ? { ...search, species: [value] } : { ...search, q: value }));
  };

  const locate = () => {
    setLocateProblem(undefined);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setLocateProblem(NEAR_ME_MESSAGES.unsupported(`'${submitLabel}'`));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        // The URL keeps three decimals (search-params.ts), so a shared link does not give away a home address.
        navigate(
          searchPath({
            ...current,
            searchZipCode: '',
            searchCity: '',
            searchState: '',
            latitude: coords.latitude,
            longitude: coords.longitude,
            searchStart: 0,
          }),
        );
      },
      (failure) => {
        setLocating(false);
        setLocateProblem((failure.code === failure.PERMISSION_DENIED ? NEAR_ME_MESSAGES.denied : NEAR_ME_MESSAGES.failed)(`'${submitLabel}'`));
      },
      { timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATE_MAX_AGE_MS, enableHighAccuracy: false },
    );
  };

  return (
    // The action and the fields' names are the search page's address (search-params.ts): a search sent before the app
    // has hydrated a server-rendered form is the same search, asked by the browser itself.
    <form className="search-panel" id={id} action={routePath('searchDoctor')} method="get" onSubmit={submit} role="search" aria-label="Find a veterinarian">
      <WhatBox value={what} onChange={setWhat} onPick={pick} />
      <div className="field">
        <label htmlFor="search-zip">Zip code</label>
        <DigitsInput id="search-zip" name="zip" autoComplete="postal-code" placeholder="e.g. 10001" maxLength={5} value={zip} onDigits={setZip} />
      </div>
      <div className="field">
        <label htmlFor="search-city">City</label>
        <input id="search-city" name="city" autoComplete="address-level2" placeholder="e.g. Austin" value={city} onChange={(e) => setCity(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="search-state">State</label>
        <input
          id="search-state"
          name="state"
          autoComplete="address-level1"
          placeholder="e.g. TX or Texas"
          value={state}
          onChange={(e) => setState(e.target.value)}
        />
      </div>
      <button type="submit" className="button button-primary button-large">
        {submitLabel}
      </button>
      <button
        type="button"
        className="button near-me-button"
        onClick={locate}
        disabled={locating}
        aria-describedby={locateProblem ? 'near-me-problem' : undefined}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M12 2v3M12 19v3M2 12h3M19 12h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          <circle cx="12" cy="12" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
        </svg>
        {locating ? 'Finding your location…' : 'Use my location'}
      </button>
      {locateProblem && (
        <p id="near-me-problem" ref={problemRef} className="notice near-me-problem" role="alert">
          {locateProblem}
        </p>
      )}
      {speciesTaps && (
        <ul className="species-taps" aria-label="Find a vet for">
          {SPECIES_TAPS.map((species) => (
            <li key={species.value}>
              <button type="button" className="species-tap" onClick={() => tapSpecies(species.value)}>
                <span aria-hidden="true">{species.icon}</span> {species.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
