// One row of an import file, checked and cleaned (docs/product.md section 20). A row either becomes an
// ImportRow or is refused with one sentence; nothing of a refused row is written. Text is made inert on
// the way in: a leading formula start (=, +, -, @) is removed, and so are < and >, control characters and
// bidi controls, so a cell can neither run in a spreadsheet that opens an export nor carry markup.
import { IMPORT_COLUMNS, IMPORT_LIMITS, IMPORT_OPTIONAL_COLUMNS, type ImportColumn } from '../../../../shared/constants/import';
import { stateCode } from '../../../../shared/constants/us-states';
import { checkWebsiteUrl, completeWebsiteUrl, normalizeUsPhone, phoneKey } from '../../../../shared/lib/profile-rules';
import { toOneLine } from '../../../../shared/lib/text-rules';

export interface ImportRow {
  line: number;
  externalId: string;
  clinicName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
  /** The phone's ten digits, for the duplicate check (as profiles.phone_key). */
  phoneKey: string | null;
  websiteUrl: string | null;
  species: string[];
  services: string[];
  latitude: number | null;
  longitude: number | null;
}

/** Where each column sits in the file, from its header row; or the sentence saying what is missing. */
export function readHeader(cells: string[]): { columns: Map<ImportColumn, number> } | { problem: string } {
  const columns = new Map<ImportColumn, number>();
  cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase() as ImportColumn;
    if ((IMPORT_COLUMNS as readonly string[]).includes(name) && !columns.has(name)) columns.set(name, index);
  });
  const missing = IMPORT_COLUMNS.filter((c) => !IMPORT_OPTIONAL_COLUMNS.includes(c) && !columns.has(c));
  if (missing.length)
    return {
      problem: `The first row of the file must name the columns ${IMPORT_COLUMNS.join(', ')} (latitude and longitude may be left out). Missing: ${missing.join(', ')}.`,
    };
  if (columns.has('latitude') !== columns.has('longitude')) return { problem: 'Give both latitude and longitude columns, or neither.' };
  return { columns };
}

const FORMULA_START = /^[=+\-@]+/;

/** A cell as text that can neither run as a formula nor carry markup. */
export function inertText(value: string): string {
  // The one-line rule of names (shared/lib/text-rules.ts): bidi controls dropped, controls and line separators as spaces.
  let text = toOneLine(value).replace(/[<>]/g, '').replace(/\s+/g, ' ').trim();
  while (FORMULA_START.test(text)) text = text.replace(FORMULA_START, '').trim();
  return text;
}

function list(value: string): string[] {
  return [...new Set(value.split(';').map(inertText).filter(Boolean))];
}

/** The row's values, or the sentence saying why it is skipped. */
export function checkRow(columns: Map<ImportColumn, number>, cells: string[], line: number): ImportRow | { problem: string } {
  const cell = (name: ImportColumn) => {
    const index = columns.get(name);
    return index === undefined ? '' : (cells[index] ?? '');
  };
  const externalId = cell('external_id').trim();
  if (!externalId) return { problem: 'The external_id is empty.' };
  if (externalId.length > IMPORT_LIMITS.externalIdMax || !/^[A-Za-z0-9][A-Za-z0-9._:/-]*$/.test(externalId))
    return { problem: `The external_id must be up to ${IMPORT_LIMITS.externalIdMax} letters, digits, dots, dashes, colons or slashes.` };
  const clinicName = inertText(cell('clinic_name'));
  if (!clinicName) return { problem: 'The clinic_name is empty.' };
  if (clinicName.length > IMPORT_LIMITS.nameMax) return { problem: `The clinic_name is longer than ${IMPORT_LIMITS.nameMax} characters.` };
  const street = inertText(cell('street'));
  if (!street) return { problem: 'The street is empty.' };
  if (street.length > IMPORT_LIMITS.streetMax) return { problem: `The street is longer than ${IMPORT_LIMITS.streetMax} characters.` };
  const city = inertText(cell('city'));
  if (!city) return { problem: 'The city is empty.' };
  if (city.length > IMPORT_LIMITS.cityMax) return { problem: `The city is longer than ${IMPORT_LIMITS.cityMax} characters.` };
  const state = stateCode(cell('state').trim());
  if (!state) return { problem: `We do not know the state "${inertText(cell('state')).slice(0, 40)}". Use its two-letter code.` };
  const zipMatch = /^(\d{5})(-\d{4})?$/.exec(cell('zip').trim());
  if (!zipMatch) return { problem: 'The zip must be five digits (or ZIP+4).' };
  const phoneText = cell('phone').trim();
  let phone: string | null = null;
  if (phoneText) {
    phone = normalizeUsPhone(phoneText.replace(FORMULA_START, '+')) ?? null;
    if (!phone) return { problem: 'The phone must be a US number with its area code, e.g. (212) 555-0142.' };
  }
  const websiteText = completeWebsiteUrl(cell('website_url'));
  if (websiteText && checkWebsiteUrl(websiteText)) return { problem: 'The website_url must be a full address starting with https:// or http://.' };
  const species = list(cell('species'));
  const services = list(cell('services'));
  for (const [label, items] of [
    ['species', species],
    ['services', services],
  ] as const) {
    if (items.length > IMPORT_LIMITS.listItems) return { problem: `List at most ${IMPORT_LIMITS.listItems} ${label}, separated by ";".` };
    if (items.some((item) => item.length > IMPORT_LIMITS.listItemMax))
      return { problem: `Each of the ${label} can be at most ${IMPORT_LIMITS.listItemMax} characters long.` };
  }
  const latText = cell('latitude').trim();
  const lonText = cell('longitude').trim();
  let latitude: number | null = null;
  let longitude: number | null = null;
  if (latText || lonText) {
    latitude = Number(latText);
    longitude = Number(lonText);
    if (!latText || !lonText || !Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
      return { problem: 'Give latitude (-90 to 90) and longitude (-180 to 180) as numbers, or leave both empty to use the zip code’s centre.' };
  }
  return {
    line,
    externalId,
    clinicName,
    street,
    city,
    state,
    zip: zipMatch[1]!,
    phone,
    phoneKey: phoneKey(phone),
    websiteUrl: websiteText ? new URL(websiteText).toString() : null,
    species,
    services,
    latitude,
    longitude,
  };
}
