// The zip / city / state search form used on /home and /searchdoctor. It leads to the search's
// address (/searchdoctor?zip=...); the search state follows that address (../search-params.ts).
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { DigitsInput } from '../../../components/ui/digits-input';
import { searchPath } from '../search-params';

export function DoctorSearchForm({ submitLabel = 'Find a vet' }: { submitLabel?: string }) {
  const current = useAppSelector((state) => state.search);
  const [zip, setZip] = useState(current.searchZipCode);
  const [city, setCity] = useState(current.searchCity);
  const [state, setState] = useState(current.searchState);
  // The fields follow the search state when it changes elsewhere (a shared /searchdoctor?zip= link).
  useEffect(() => {
    setZip(current.searchZipCode);
    setCity(current.searchCity);
    setState(current.searchState);
  }, [current.searchZipCode, current.searchCity, current.searchState]);
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The filters, radius and sort of the current search stay (docs/product.md, Search).
    navigate(searchPath({ ...current, searchZipCode: zip.trim(), searchCity: city.trim(), searchState: state.trim(), searchStart: 0 }));
  };

  return (
    <form className="search-panel" onSubmit={submit} role="search" aria-label="Find a veterinarian">
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
    </form>
  );
}
