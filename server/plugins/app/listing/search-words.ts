// The 'what' of a search (docs/product.md 33.2): `q` read as service and
// species words, mapped to the keys the services and species filters use (doctor_search_keys: lower
// case, a final 's' dropped), and what is left as a clinic's name, matched typo-tolerantly against the
// words of the listed names in memory (NameIndex), never by a statement.
import { SERVICES, SPECIES } from '../../../../shared/constants/services';
import type { Slot, VetStore } from './vet-store';
import type { SlotList } from './slot-lists';

export interface WhatWords {
  /** Species keys the vet must each treat. */
  species: string[];
  /** Service keys the vet must each offer. */
  services: string[];
  /** The rest, lower case, as a clinic's name ('' when every word was a service or species). */
  name: string;
}

const key = (label: string) => label.trim().toLowerCase().replace(/s$/, '');

/** The species and service labels as the vets' lists hold them, by their filter key. */
const SPECIES_LABELS = new Map<string, string>(SPECIES.map((label) => [key(label), label[0]!.toUpperCase() + label.slice(1)]));
const SERVICE_LABELS = new Map<string, string>(SERVICES.map((label) => [key(label), label]));

/** Words (and a few two-word phrases) people type, and the filter key each stands for. */
const SPECIES_WORDS: Record<string, string> = {
  dog: 'dog',
  dogs: 'dog',
  puppy: 'dog',
  canine: 'dog',
  cat: 'cat',
  cats: 'cat',
  kitten: 'cat',
  feline: 'cat',
  rabbit: 'rabbit',
  rabbits: 'rabbit',
  bunny: 'rabbit',
  bird: 'bird',
  birds: 'bird',
  parrot: 'bird',
  avian: 'bird',
  reptile: 'reptile',
  reptiles: 'reptile',
  lizard: 'reptile',
  snake: 'reptile',
  turtle: 'reptile',
  horse: 'horse',
  horses: 'horse',
  equine: 'horse',
  pony: 'horse',
  exotic: 'exotic',
  exotics: 'exotic',
  farm: 'farm animal',
  'farm animal': 'farm animal',
  'farm animals': 'farm animal',
  livestock: 'farm animal',
};
const SERVICE_WORDS: Record<string, string> = {
  dental: 'dentistry',
  dentist: 'dentistry',
  dentistry: 'dentistry',
  teeth: 'dentistry',
  'x-ray': 'imaging (x-ray and ultrasound)',
  'x ray': 'imaging (x-ray and ultrasound)',
  xray: 'imaging (x-ray and ultrasound)',
  ultrasound: 'imaging (x-ray and ultrasound)',
  imaging: 'imaging (x-ray and ultrasound)',
  boarding: 'boarding',
  grooming: 'grooming',
  groomer: 'grooming',
  surgery: 'surgery',
  vaccine: 'vaccination',
  vaccines: 'vaccination',
  vaccination: 'vaccination',
  vaccinations: 'vaccination',
  shots: 'vaccination',
  wellness: 'wellness exam',
  checkup: 'wellness exam',
  behaviour: 'behaviour',
  behavior: 'behaviour',
  'house call': 'house call',
  'house calls': 'house call',
  microchip: 'microchipping',
  microchipping: 'microchipping',
  spay: 'spay and neuter',
  neuter: 'spay and neuter',
  lab: 'laboratory test',
  laboratory: 'laboratory test',
  nutrition: 'nutrition advice',
  senior: 'senior pet care',
  euthanasia: 'euthanasia and end-of-life care',
};

/** The words of a text as the name index keeps them: lower case letters and digits (an apostrophe dropped). */
export function nameWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/['’]/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Splits `q` (already checked: 2-80 characters) into service and species words and a name. */
export function readWhat(q: string): WhatWords {
  const words = q
    .toLowerCase()
    .replace(/[^\p{L}\p{N}-]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const species = new Set<string>();
  const services = new Set<string>();
  const rest: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const pair = i + 1 < words.length ? `${words[i]} ${words[i + 1]}` : '';
    const one = words[i]!;
    const found = (pair && (SPECIES_WORDS[pair] ?? SERVICE_WORDS[pair])) || SPECIES_WORDS[one] || SERVICE_WORDS[one];
    if (!found) {
      rest.push(one);
      continue;
    }
    if (pair && (SPECIES_WORDS[pair] ?? SERVICE_WORDS[pair])) i++;
    const word = pair && (SPECIES_WORDS[pair] ?? SERVICE_WORDS[pair]) ? pair : one;
    if (SPECIES_WORDS[word]) species.add(SPECIES_WORDS[word]);
    else services.add(SERVICE_WORDS[word]!);
  }
  return { species: [...species].sort(), services: [...services].sort(), name: nameWords(rest.join(' ')).join(' ') };
}

/** The service and species labels whose words start with `typed` (for suggestions), species first. */
export function wordSuggestions(typed: string): { kind: 'service' | 'species'; label: string }[] {
  const text = typed.trim().toLowerCase();
  if (text.length < 2) return [];
  const out = new Map<string, { kind: 'service' | 'species'; label: string }>();
  const add = (kind: 'service' | 'species', label: string | undefined) => label && out.set(`${kind}|${label}`, { kind, label });
  for (const [word, k] of Object.entries(SPECIES_WORDS)) if (word.startsWith(text)) add('species', SPECIES_LABELS.get(k));
  for (const [k, label] of SPECIES_LABELS) if (k.startsWith(text)) add('species', label);
  for (const [word, k] of Object.entries(SERVICE_WORDS)) if (word.startsWith(text)) add('service', SERVICE_LABELS.get(k));
  for (const [k, label] of SERVICE_LABELS) if (k.includes(text)) add('service', label);
  return [...out.values()];
}

/** Typing mistakes a name word forgives: none up to 3 letters, one up to 7, two from 8. */
const allowedEdits = (word: string) => (word.length <= 3 ? 0 : word.length <= 7 ? 1 : 2);

/** Whether the edit distance (with swaps of neighbours) between a and b is at most `max`. */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  if (max === 0) return a === b;
  const n = b.length;
  let before = new Array<number>(n + 1);
  let row = Array.from({ length: n + 1 }, (_, j) => j);
  let next = new Array<number>(n + 1);
  for (let i = 1; i <= a.length; i++) {
    next[0] = i;
    let best = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2]! + 1);
      next[j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return false;
    [before, row, next] = [row, next, before];
  }
  return row[n]! <= max;
}

/** Names whose matches are remembered at most, and the bytes their slot lists and bit sets may take together. */
const CANDIDATE_CACHE = 500;
const CANDIDATE_BYTES = 32 * 2 ** 20;

/**
 * The vets whose names match a searched name: `slots` in the recommended order (a walk reads them), and `has`, one
 * bit a slot (a walk near a place asks it of every vet it meets: a bit is a read of a small array where a Set of
 * 200,000 slots at 1M vets is a hash lookup that misses the cache; docs/decisions/262-name-matches-as-bit-sets.md).
 */
export class NameMatch {
  readonly slots: SlotList;
  private readonly bits: Uint32Array;

  constructor(slots: SlotList, capacity: number) {
    this.slots = slots;
    this.bits = new Uint32Array(slots.length === 0 ? 0 : (capacity + 31) >>> 5);
    for (let i = 0; i < slots.length; i++) this.bits[slots[i]! >>> 5]! |= 1 << (slots[i]! & 31);
  }

  get size(): number {
    return this.slots.length;
  }

  has(slot: Slot): boolean {
    return ((this.bits[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0;
  }

  get bytes(): number {
    return this.slots.byteLength + this.bits.byteLength;
  }
}

/**
 * The words of every listed name, each with the slots whose name holds it. Built on the first search
 * with a name and kept in step with the store's adds and removes after that. A searched name matches
 * a vet when each of its words is, within allowedEdits(), a word of the vet's name (the last word
 * also as the start of one: a name still being typed).
 */
export class NameIndex {
  private readonly postings = new Map<string, Slot[]>();
  private readonly found = new Map<string, NameMatch>();
  private foundBytes = 0;

  constructor(
    private readonly store: VetStore,
    /** The bytes the remembered matches may take together. */
    private readonly budget = CANDIDATE_BYTES,
  ) {
    for (let slot = 0; slot < store.ids.length; slot++) if (store.ids[slot]! !== -1 && store.nameLength[slot]! > 0) this.add(slot);
  }

  add(slot: Slot): void {
    for (const word of new Set(nameWords(this.store.name(slot)))) {
      const list = this.postings.get(word);
      if (list) list.push(slot);
      else this.postings.set(word, [slot]);
    }
    this.forget();
  }

  /** The bytes the remembered matches take. */
  get rememberedBytes(): number {
    return this.foundBytes;
  }

  private forget(): void {
    this.found.clear();
    this.foundBytes = 0;
  }

  /** Takes a slot out (before the store frees it: its name is read). */
  remove(slot: Slot): void {
    for (const word of new Set(nameWords(this.store.name(slot)))) {
      const list = this.postings.get(word);
      const at = list ? list.indexOf(slot) : -1;
      if (at !== -1) list!.splice(at, 1);
      if (list && list.length === 0) this.postings.delete(word);
    }
    this.forget();
  }

  /** The slots whose names match `name` (words of nameWords()), best static part first; remembered. */
  match(name: string): NameMatch {
    const known = this.found.get(name);
    if (known) return known;
    const words = name.split(' ').filter(Boolean);
    let result: Set<Slot> | null = null;
    for (let i = 0; i < words.length && (result === null || result.size > 0); i++) {
      const word = words[i]!;
      const last = i === words.length - 1 && word.length >= 3;
      const max = allowedEdits(word);
      const union = new Set<Slot>();
      for (const [known, slots] of this.postings) {
        if (known === word || (last && known.startsWith(word)) || (max > 0 && withinEdits(word, known, max))) {
          for (const slot of slots) if (result === null || result.has(slot)) union.add(slot);
        }
      }
      result = union;
    }
    const entry = new NameMatch(Int32Array.from(result ?? []).sort(this.store.byRecommended), this.store.ids.length);
    // The oldest go first, until the count and the bytes both leave room: a run of common words cannot fill memory.
    while (this.found.size > 0 && (this.found.size >= CANDIDATE_CACHE || this.foundBytes + entry.bytes > this.budget)) {
      const [oldest, match] = this.found.entries().next().value!;
      this.found.delete(oldest);
      this.foundBytes -= match.bytes;
    }
    this.found.set(name, entry);
    this.foundBytes += entry.bytes;
    return entry;
  }
}
