// Lists of slots by key, each an Int32Array of exactly its length (docs/decisions/257-compact-search-index-lists.md):
// 4 bytes a slot where a JS array takes 8 (Node 20 has no pointer compression). A load or a snapshot puts every
// list of a kind into one shared buffer, each list a view of its stretch; a list the change log changes moves into
// a buffer of its own with room to grow, so inserting and removing are a copy within it, as a splice was.
import type { Slot } from './vet-store';
import { partitionPoint } from './search-geometry';

/** What a search reads: a list in its order (a view, read it before the next change). */
export type SlotList = Int32Array;

const EMPTY: SlotList = new Int32Array(0);

export class SlotLists {
  private readonly lists = new Map<number, SlotList>();
  /** The buffer shared by the lists of a load or snapshot: a list in it has no room after its end. */
  private shared: ArrayBufferLike | null = null;

  /** The lists of `groups` (each already in order), packed into one buffer. */
  static packed(groups: ReadonlyMap<number, ArrayLike<Slot>>): SlotLists {
    let total = 0;
    for (const list of groups.values()) total += list.length;
    const keys = new Float64Array(groups.size);
    const lengths = new Int32Array(groups.size);
    const slots = new Int32Array(total);
    let i = 0;
    let at = 0;
    for (const [key, list] of groups) {
      keys[i] = key;
      lengths[i++] = list.length;
      slots.set(list, at);
      at += list.length;
    }
    return SlotLists.unpacked(keys, lengths, slots, false);
  }

  /** Lists as three columns (the keys, each list's length, every slot one after another); `copy` when `slots` is not the caller's to give. */
  static unpacked(keys: Float64Array, lengths: Int32Array, slots: Int32Array, copy = true): SlotLists {
    const lists = new SlotLists();
    const pool = copy ? slots.slice() : slots;
    lists.shared = pool.buffer;
    let at = 0;
    for (let i = 0; i < keys.length; i++) {
      const length = lengths[i]!;
      if (at + length > pool.length) throw new Error('A list runs past the slots');
      lists.lists.set(keys[i]!, pool.subarray(at, at + length));
      at += length;
    }
    return lists;
  }

  /** The same three columns, for a snapshot file. */
  pack(): [Float64Array, Int32Array, Int32Array] {
    const keys = new Float64Array(this.lists.size);
    const lengths = new Int32Array(this.lists.size);
    let total = 0;
    for (const list of this.lists.values()) total += list.length;
    const slots = new Int32Array(total);
    let i = 0;
    let at = 0;
    for (const [key, list] of this.lists) {
      keys[i] = key;
      lengths[i++] = list.length;
      slots.set(list, at);
      at += list.length;
    }
    return [keys, lengths, slots];
  }

  get(key: number): SlotList | undefined {
    return this.lists.get(key);
  }

  /** The list of `key`, empty when there is none. */
  of(key: number): SlotList {
    return this.lists.get(key) ?? EMPTY;
  }

  keys(): IterableIterator<number> {
    return this.lists.keys();
  }

  /** Inserts a slot at its place in `order`. */
  insert(key: number, slot: Slot, order: (a: Slot, b: Slot) => number): void {
    const list = this.lists.get(key) ?? EMPTY;
    const at = partitionPoint(list, (other) => order(other, slot) < 0);
    const n = list.length;
    let to: SlotList;
    if (list.buffer !== this.shared && list.byteOffset === 0 && list.buffer.byteLength >= (n + 1) * 4) {
      to = new Int32Array(list.buffer, 0, n + 1);
      to.copyWithin(at + 1, at, n);
    } else {
      // Room for an eighth more: a list the log keeps changing moves once in a while, not on every insert.
      to = new Int32Array(n + 1 + Math.max(3, n >> 3)).subarray(0, n + 1);
      to.set(list.subarray(0, at));
      to.set(list.subarray(at), at + 1);
    }
    to[at] = slot;
    this.lists.set(key, to);
  }

  /** Takes a slot out (its values must be those it was inserted with: the list is searched in order). */
  remove(key: number, slot: Slot, order: (a: Slot, b: Slot) => number): void {
    const list = this.lists.get(key);
    if (!list) return;
    const at = partitionPoint(list, (other) => order(other, slot) < 0);
    if (list[at] !== slot) return;
    list.copyWithin(at, at + 1);
    this.lists.set(key, list.subarray(0, list.length - 1));
  }

  /** Sorts one list again in place (its slots' values changed together). */
  sort(key: number, order: (a: Slot, b: Slot) => number): void {
    this.lists.get(key)?.sort(order);
  }
}
