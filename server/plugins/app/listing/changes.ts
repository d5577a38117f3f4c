// Change announcements (docs/decisions/093-one-listing-module.md): a write says what it changed,
// once, after its transaction committed, and whoever shows that thing listens: the search index,
// the doctor and article answer caches, the sitemaps. With REDIS_URL set, the listing plugin
// carries every announcement to the other app servers over one Redis channel. A new capability
// that shows listings or articles adds a listener, not a call in every write path.

/** What a write changed. A listing is everything a vet's public page or search card shows. */
export type Change = { kind: 'listing changed'; doctorId: number } | { kind: 'article changed'; articleId: number };
export type ChangeKind = Change['kind'];
type Listener<K extends ChangeKind> = (change: Extract<Change, { kind: K }>) => void;

/** What a write path needs: it announces, it never listens. */
export interface Announcer {
  announce(change: Change): void;
}

/** A change as read from another server: checked, since anything may arrive on a channel. */
export function parseChange(value: unknown): Change | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, doctorId, articleId } = value as Record<string, unknown>;
  const id = kind === 'listing changed' ? doctorId : kind === 'article changed' ? articleId : undefined;
  if (!Number.isSafeInteger(id)) return undefined;
  return kind === 'listing changed' ? { kind, doctorId: id as number } : { kind: 'article changed', articleId: id as number };
}

/** A small typed event bus; `fastify.changes` is this server's one. */
export class ChangeBus implements Announcer {
  private readonly listeners = new Map<ChangeKind, Set<(change: Change) => void>>();
  private readonly relays = new Set<(change: Change) => void>();

  /** `failed` hears a listener's error: the write it follows has committed and must still answer. */
  constructor(private readonly failed: (error: unknown, change: Change) => void = () => undefined) {}

  /** Tells this server's listeners, and the relays (other servers), what changed. */
  announce(change: Change): void {
    this.deliver(change);
    for (const relay of this.relays) relay(change);
  }

  /** Tells this server's listeners only: for a change announced by another server. */
  deliver(change: Change): void {
    for (const listener of this.listeners.get(change.kind) ?? []) {
      try {
        listener(change);
      } catch (error) {
        this.failed(error, change);
      }
    }
  }

  /** Listens to one kind of change. Returns the function that stops it. */
  on<K extends ChangeKind>(kind: K, listener: Listener<K>): () => void {
    const set = this.listeners.get(kind) ?? new Set();
    this.listeners.set(kind, set);
    const wrapped = listener as (change: Change) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  /** Hears every change announced here (not those delivered from elsewhere): the Redis publisher. */
  relay(listener: (change: Change) => void): () => void {
    this.relays.add(listener);
    return () => this.relays.delete(listener);
  }
}
