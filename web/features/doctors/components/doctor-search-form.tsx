// The zip / city / state search form used on /home and /searchdoctor. It leads to the search's
// address (/searchdoctor?zip=...); the search state follows that address (../search-params.ts).
// 'Use my location' asks the browser for the position and searches around it instead (docs/product.md 21.2).
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { DigitsInput } from '../../../components/ui/digits-input';
import { searchPath } from '../search-params';

/** What 'Use my location' says when the browser gives no position (docs/product.md 21.2). */
export const NEAR_ME_MESSAGES = {
  denied: 'Your browser did not share your location. Type your zip code, city or state above and press Search instead.',
  failed: 'We could not find your location in time. Type your zip code, city or state above and press Search instead.',
  unsupported: 'This browser cannot share your location. Type your zip code, city or state above and press Search instead.',
} as const;

/** How long the browser may take to find the position, and how old a position it may give. */
const LOCATE_TIMEOUT_MS = 10_000;
const LOCATE_MAX_AGE_MS = 5 * 60_000;

export function DoctorSearchForm({ submitLabel = 'Find a vet', id }: { submitLabel?: string; id?: string }) {
  const current = useAppSelector((state) => state.search);
  const [zip, setZip] = useState(current.searchZipCode);
  const [city, setCity] = useState(current.searchCity);
  const [state, setState] = useState(current.searchState);
  const [locating, setLocating] = useState(false);
  const [locateProblem, setLocateProblem] = useState<string>();
  // The fields follow the search state when it changes elsewhere (a shared /searchdoctor?zip= link).
  useEffect(() => {
    setZip(current.searchZipCode);
    setCity(current.searchCity);
    setState(current.searchState);
  }, [current.searchZipCode, current.searchCity, current.searchState]);
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLocateProblem(undefined);
    // The filters, radius and sort of the current search stay (docs/product.md, Search); a typed place replaces 'near you'.
    navigate(
      searchPath({
        ...current,
        latitude: undefined,
        longitude: undefined,
        searchZipCode: zip.trim(),
        searchCity: city.trim(),
        searchState: state.trim(),
        searchStart: 0,
      }),
    );
  };

  const locate = () => {
    setLocateProblem(undefined);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setLocateProblem(NEAR_ME_MESSAGES.unsupported);
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
        setLocateProblem(failure.code === failure.PERMISSION_DENIED ? NEAR_ME_MESSAGES.denied : NEAR_ME_MESSAGES.failed);
      },
      { timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATE_MAX_AGE_MS, enableHighAccuracy: false },
    );
  };

  return (
    <form className="search-panel" id={id} onSubmit={submit} role="search" aria-label="Find a veterinarian">
      <div className="field">
        <label htmlFor="search-zip">Zip code</label>
        <DigitsInput id="search-zip" autoComplete="postal-code" placeholder="e.g. 10001" maxLength={5} value={zip} onDigits={setZip} />
      </div>
      <div className="field">
        <label htmlFor="search-city">City</label>
        <input id="search-city" autoComplete="address-level2" placeholder="e.g. Austin" value={city} onChange={(e) => setCity(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="search-state">State</label>
        <input id="search-state" autoComplete="address-level1" placeholder="e.g. TX or Texas" value={state} onChange={(e) => setState(e.target.value)} />
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
        <p id="near-me-problem" className="notice near-me-problem" role="alert">
          {locateProblem}
        </p>
      )}
    </form>
  );
}
