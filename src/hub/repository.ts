/**
 * The hub's durable state. Subscriptions hold what is in force; verifications hold requests still
 * being checked (a failed one changes nothing); deliveries hold what is owed to whom and when.
 * Everything survives a restart or a kill -9: timers are re-armed from these rows on start.
 */
import { Type, type Static } from '@sinclair/typebox'
import type { Database } from 'bun:sqlite'
import type { Migration } from '../db/database'
import type { TopicPath } from '../feeds/websub-topics'
import { normalizeUrl } from './callback'

/** The hub's tables; passed to openDatabase with the other migrations. */
export const hubMigrations: Migration[] = [
  {
    id: '100-hub',
    sql: `
      CREATE TABLE hub_subscriptions (
        id INTEGER PRIMARY KEY,
        callback TEXT NOT NULL,
        callback_host TEXT NOT NULL,
        topic TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('active', 'expired', 'removed', 'auto_unsubscribed')),
        lease_seconds INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        secret TEXT,
        failures INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (callback, topic)
      );
      CREATE INDEX hub_subscriptions_topic ON hub_subscriptions (topic, state);
      CREATE INDEX hub_subscriptions_host ON hub_subscriptions (callback_host, state);
      CREATE TABLE hub_verifications (
        id INTEGER PRIMARY KEY,
        mode TEXT NOT NULL CHECK (mode IN ('subscribe', 'unsubscribe')),
        callback TEXT NOT NULL,
        callback_host TEXT NOT NULL,
        topic TEXT NOT NULL,
        lease_seconds INTEGER NOT NULL,
        secret TEXT,
        state TEXT NOT NULL CHECK (state IN ('pending', 'verified', 'rejected')),
        reason TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX hub_verifications_pending ON hub_verifications (state, callback_host);
      CREATE TABLE hub_deliveries (
        subscription_id INTEGER PRIMARY KEY REFERENCES hub_subscriptions (id) ON DELETE CASCADE,
        due_at INTEGER NOT NULL,
        generation INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX hub_deliveries_due ON hub_deliveries (due_at);
    `,
  },
  {
    // The status lookup's last delivery, the latest-request-wins check and housekeeping.
    id: '101-hub-status',
    sql: `
      ALTER TABLE hub_subscriptions ADD COLUMN last_delivery_at INTEGER;
      ALTER TABLE hub_subscriptions ADD COLUMN last_delivery_status INTEGER;
      CREATE INDEX hub_verifications_pair ON hub_verifications (callback, topic, id);
      CREATE INDEX hub_verifications_finished ON hub_verifications (state, updated_at);
      CREATE INDEX hub_subscriptions_ended ON hub_subscriptions (state, updated_at);
    `,
  },
  {
    // Callbacks compared in normalised form (callback_key; filled for earlier rows by HubRepository on open),
    // the topic string the subscriber sent (echoed in verification and delivery; NULL: the canonical topic URL),
    // and who asked (per-requester limits on pending verifications).
    id: '102-hub-as-sent',
    sql: `
      ALTER TABLE hub_subscriptions ADD COLUMN callback_key TEXT;
      ALTER TABLE hub_subscriptions ADD COLUMN topic_url TEXT;
      ALTER TABLE hub_verifications ADD COLUMN callback_key TEXT;
      ALTER TABLE hub_verifications ADD COLUMN topic_url TEXT;
      ALTER TABLE hub_verifications ADD COLUMN requester TEXT;
      CREATE INDEX hub_subscriptions_key ON hub_subscriptions (callback_key, topic);
      CREATE INDEX hub_verifications_key ON hub_verifications (callback_key, topic, id);
      CREATE INDEX hub_verifications_requester ON hub_verifications (state, requester, callback_host);
    `,
  },
  {
    // Several processes on one DATA_DIR (lease.ts): named leases (`hub`: who runs verifications and deliveries),
    // and what each subscription was last sent (the ETag of the bytes a 2xx took; NULL: not known, on rows from
    // before), so a new lease holder finds who has not yet had the current content.
    id: '103-hub-lease',
    sql: `
      CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        acquired_at INTEGER NOT NULL,
        result TEXT
      );
      ALTER TABLE hub_subscriptions ADD COLUMN sent_etag TEXT;
    `,
  },
  {
    // What each outside hub (HUB_EXTERNAL_URLS) was last told of, per topic (the ETag current when a ping took a
    // 2xx), so a new lease holder pings about a change whose holder died before its ping went through.
    id: '104-hub-pings',
    sql: `
      CREATE TABLE hub_pings (
        hub TEXT NOT NULL,
        topic TEXT NOT NULL,
        etag TEXT NOT NULL,
        PRIMARY KEY (hub, topic)
      );
    `,
  },
]

/** How long finished records are kept (CONTRACT.md, WebSub hub: housekeeping). */
const KEEP_FINISHED_VERIFICATIONS_MS = 24 * 3600_000
const KEEP_ENDED_SUBSCRIPTIONS_MS = 30 * 24 * 3600_000

/** GET /api/websub/hub?hub.topic&hub.callback: what a subscriber may know about its own subscription (never the secret). */
/** GET /api/websub/hub?hub.topic=T&hub.callback=C (CONTRACT.md): never the secret. */
export const SubscriptionStatus = Type.Object(
  {
    state: Type.Union(
      ['pending', 'active', 'expired', 'removed', 'auto_unsubscribed'].map((s) => Type.Literal(s)),
      {
        description:
          'pending: a request is being verified; then active, expired (lease ended), removed (unsubscribed or 410) or auto_unsubscribed.',
      },
    ),
    lease_expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When the lease ends; null while pending.',
    }),
    consecutive_failures: Type.Integer({ minimum: 0, description: 'Failed deliveries in a row; the third ends the subscription.' }),
    last_delivery: Type.Union(
      [
        Type.Object({
          at: Type.String({ format: 'date-time' }),
          status: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status; null when no answer came.' }),
        }),
        Type.Null(),
      ],
      { description: 'The last delivery attempt, or null before the first.' },
    ),
  },
  { $id: 'SubscriptionStatus' },
)
export type SubscriptionStatus = Static<typeof SubscriptionStatus>

export type SubscriptionState = 'active' | 'expired' | 'removed' | 'auto_unsubscribed'

export type Subscription = {
  id: number
  callback: string
  callback_host: string
  topic: TopicPath
  state: SubscriptionState
  lease_seconds: number
  expires_at: number
  secret: string | null
  failures: number
  /** The topic URL as the subscriber sent it; null on rows from before it was kept (then the canonical URL). */
  topic_url?: string | null
  last_delivery_at?: number | null
  last_delivery_status?: number | null
  /** The ETag of the content last delivered (or current when it became active); null: not known. */
  sent_etag?: string | null
}

export type Verification = {
  id: number
  mode: 'subscribe' | 'unsubscribe'
  callback: string
  callback_host: string
  topic: TopicPath
  lease_seconds: number
  secret: string | null
  state: 'pending' | 'verified' | 'rejected'
  /** The topic URL as the subscriber sent it (null: the canonical URL). */
  topic_url?: string | null
  /** Who asked (client address, IPv6 per /64): per-requester limits on pending verifications. */
  requester?: string | null
}

export type Delivery = { subscription_id: number; due_at: number; generation: number; attempts: number }

export class HubRepository {
  constructor(readonly db: Database) {
    this.fillCallbackKeys()
  }

  /**
   * Rows written before callbacks were compared in normalised form get their key (once: later rows are
   * written with it). Two active subscriptions that turn out to be one pair keep the newer one.
   */
  private fillCallbackKeys(): void {
    const missing = (table: string) =>
      this.db.query<{ id: number; callback: string }, []>(`SELECT id, callback FROM ${table} WHERE callback_key IS NULL`).all()
    const subscriptions = missing('hub_subscriptions')
    const verifications = missing('hub_verifications')
    if (!subscriptions.length && !verifications.length) return
    this.db.transaction(() => {
      for (const [table, rows] of [
        ['hub_subscriptions', subscriptions],
        ['hub_verifications', verifications],
      ] as const) {
        const update = this.db.query(`UPDATE ${table} SET callback_key = ? WHERE id = ?`)
        for (const row of rows) update.run(normalizeUrl(row.callback), row.id)
      }
      const duplicates = `SELECT id FROM hub_subscriptions s WHERE state = 'active' AND EXISTS (SELECT 1 FROM hub_subscriptions o
        WHERE o.callback_key = s.callback_key AND o.topic = s.topic AND o.state = 'active' AND o.id > s.id)`
      this.db.run(`DELETE FROM hub_deliveries WHERE subscription_id IN (${duplicates})`)
      this.db.run(`UPDATE hub_subscriptions SET state = 'removed' WHERE id IN (${duplicates})`)
    })()
  }

  addVerification(v: Omit<Verification, 'id' | 'state'>, now: number): number {
    return this.db
      .query<{ id: number }, [string, string, string, string, string, string | null, number, string | null, string | null, number, number]>(
        `INSERT INTO hub_verifications (mode, callback, callback_key, callback_host, topic, topic_url, lease_seconds, secret, requester, state, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING id`,
      )
      .get(
        v.mode,
        v.callback,
        normalizeUrl(v.callback),
        v.callback_host,
        v.topic,
        v.topic_url ?? null,
        v.lease_seconds,
        v.secret,
        v.requester ?? null,
        now,
        now,
      )!.id
  }

  /** Verifications pending for `requester`: in all, and for callbacks under `host`. */
  pendingCountsForRequester(requester: string, host: string): { total: number; host: number } {
    const row = this.db
      .query<{ total: number; host: number | null }, [string, string]>(
        `SELECT count(*) AS total, sum(callback_host = ?) AS host FROM hub_verifications WHERE state = 'pending' AND requester = ?`,
      )
      .get(host, requester)!
    return { total: row.total, host: row.host ?? 0 }
  }

  pendingVerifications(): Verification[] {
    return this.db.query<Verification, []>("SELECT * FROM hub_verifications WHERE state = 'pending' ORDER BY id").all()
  }

  pendingCountForHost(host: string): number {
    return this.db
      .query<{ n: number }, [string]>("SELECT count(*) AS n FROM hub_verifications WHERE state = 'pending' AND callback_host = ?")
      .get(host)!.n
  }

  finishVerification(id: number, state: 'verified' | 'rejected', reason: string | null, now: number): void {
    this.db.query('UPDATE hub_verifications SET state = ?, reason = ?, updated_at = ? WHERE id = ?').run(state, reason, now, id)
  }

  /** Whether a request for the same (callback, topic) newer than `id` has already been decided: then `id`'s outcome is stale. */
  supersededBy(id: number, callback: string, topic: string): boolean {
    return (
      this.db
        .query<{ one: number }, [string, string, number]>(
          "SELECT 1 AS one FROM hub_verifications WHERE callback_key = ? AND topic = ? AND id > ? AND state != 'pending' LIMIT 1",
        )
        .get(normalizeUrl(callback), topic, id) !== null
    )
  }

  /**
   * Subscriptions held or asked for under a limit key: the active ones plus pending subscribes for pairs
   * not yet active, so a burst of requests cannot overshoot a cap before their verifications finish.
   */
  reservedCount(host?: string): number {
    const hostFilter = host === undefined ? '' : 'AND callback_host = ?'
    const args = host === undefined ? [] : [host]
    const active = this.db
      .query<{ n: number }, string[]>(`SELECT count(*) AS n FROM hub_subscriptions WHERE state = 'active' ${hostFilter}`)
      .get(...args)!.n
    const pending = this.db
      .query<{ n: number }, string[]>(
        `SELECT count(*) AS n FROM (SELECT DISTINCT callback_key, topic FROM hub_verifications v WHERE state = 'pending' AND mode = 'subscribe' ${hostFilter}
           AND NOT EXISTS (SELECT 1 FROM hub_subscriptions s WHERE s.callback_key = v.callback_key AND s.topic = v.topic AND s.state = 'active'))`,
      )
      .get(...args)!.n
    return active + pending
  }

  status(callback: string, topic: string): SubscriptionStatus | null {
    const subscription = this.find(callback, topic)
    if (subscription) {
      return {
        state: subscription.state,
        lease_expires_at: subscription.state === 'active' ? new Date(subscription.expires_at).toISOString() : null,
        consecutive_failures: subscription.failures,
        last_delivery:
          subscription.last_delivery_at == null
            ? null
            : { at: new Date(subscription.last_delivery_at).toISOString(), status: subscription.last_delivery_status ?? null },
      }
    }
    const pending = this.db
      .query<{ one: number }, [string, string]>(
        "SELECT 1 AS one FROM hub_verifications WHERE callback_key = ? AND topic = ? AND state = 'pending' LIMIT 1",
      )
      .get(normalizeUrl(callback), topic)
    return pending ? { state: 'pending', lease_expires_at: null, consecutive_failures: 0, last_delivery: null } : null
  }

  /** Records the outcome of a delivery attempt for the status lookup (status null: no HTTP answer). */
  noteDelivery(id: number, status: number | null, now: number): void {
    this.db.query('UPDATE hub_subscriptions SET last_delivery_at = ?, last_delivery_status = ? WHERE id = ?').run(now, status, id)
  }

  /** Housekeeping: finished verifications after a day, ended subscriptions after 30 days, in small batches. */
  purge(now: number, batch = 1000): number {
    return this.db.transaction(() => {
      const verifications = this.db
        .query(
          `DELETE FROM hub_verifications WHERE id IN (SELECT id FROM hub_verifications WHERE state != 'pending' AND updated_at < ? LIMIT ?)`,
        )
        .run(now - KEEP_FINISHED_VERIFICATIONS_MS, batch).changes
      const subscriptions = this.db
        .query(
          `DELETE FROM hub_subscriptions WHERE id IN (SELECT id FROM hub_subscriptions WHERE state != 'active' AND updated_at < ? LIMIT ?)`,
        )
        .run(now - KEEP_ENDED_SUBSCRIPTIONS_MS, batch).changes
      return verifications + subscriptions
    })()
  }

  /**
   * A verified subscribe: create, renew or revive the one subscription of (callback, topic) compared in
   * normalised form; it then carries the strings of this request.
   */
  activate(v: Verification, now: number, currentEtag: string | null = null): Subscription {
    const existing = this.find(v.callback, v.topic)
    const expiresAt = now + v.lease_seconds * 1000
    if (existing) {
      // A renewal keeps what was sent; a revived subscription starts from the current content, as a new one does.
      return this.db
        .query<Subscription, [string, string, string | null, number, number, string | null, number, string | null, number]>(
          `UPDATE hub_subscriptions SET callback = ?, callback_key = ?, topic_url = ?, lease_seconds = ?,
             expires_at = ?, secret = ?, failures = 0, updated_at = ?,
             sent_etag = CASE WHEN state = 'active' THEN sent_etag ELSE ? END, state = 'active' WHERE id = ? RETURNING *`,
        )
        .get(
          v.callback,
          normalizeUrl(v.callback),
          v.topic_url ?? null,
          v.lease_seconds,
          expiresAt,
          v.secret,
          now,
          currentEtag,
          existing.id,
        )!
    }
    return this.db
      .query<Subscription, [string, string, string, string, string | null, number, number, string | null, number, number, string | null]>(
        `INSERT INTO hub_subscriptions (callback, callback_key, callback_host, topic, topic_url, state, lease_seconds, expires_at, secret, failures, created_at, updated_at, sent_etag)
         VALUES (?, ?, ?, ?, ?, 'active', ?, ?, ?, 0, ?, ?, ?) RETURNING *`,
      )
      .get(
        v.callback,
        normalizeUrl(v.callback),
        v.callback_host,
        v.topic,
        v.topic_url ?? null,
        v.lease_seconds,
        expiresAt,
        v.secret,
        now,
        now,
        currentEtag,
      )!
  }

  setState(id: number, state: SubscriptionState, now: number): void {
    this.db.transaction(() => {
      this.db.query('UPDATE hub_subscriptions SET state = ?, updated_at = ? WHERE id = ?').run(state, now, id)
      if (state !== 'active') this.db.query('DELETE FROM hub_deliveries WHERE subscription_id = ?').run(id)
    })()
  }

  /** The subscription of (callback, topic), the callback compared in normalised form (the active one first). */
  find(callback: string, topic: string): Subscription | null {
    return this.db
      .query<Subscription, [string, string]>(
        "SELECT * FROM hub_subscriptions WHERE callback_key = ? AND topic = ? ORDER BY state = 'active' DESC, updated_at DESC, id DESC LIMIT 1",
      )
      .get(normalizeUrl(callback), topic)
  }

  get(id: number): Subscription | null {
    return this.db.query<Subscription, [number]>('SELECT * FROM hub_subscriptions WHERE id = ?').get(id)
  }

  activeCount(host?: string): number {
    return host === undefined
      ? this.db.query<{ n: number }, []>("SELECT count(*) AS n FROM hub_subscriptions WHERE state = 'active'").get()!.n
      : this.db
          .query<{ n: number }, [string]>("SELECT count(*) AS n FROM hub_subscriptions WHERE state = 'active' AND callback_host = ?")
          .get(host)!.n
  }

  countsByState(): Record<string, number> {
    const rows = this.db.query<{ state: string; n: number }, []>('SELECT state, count(*) AS n FROM hub_subscriptions GROUP BY state').all()
    return Object.fromEntries(rows.map((r) => [r.state, r.n]))
  }

  /** Leases that ran out become expired, and owe nothing more. */
  expireLeases(now: number): number {
    return this.db.transaction(() => {
      this.db
        .query(
          "DELETE FROM hub_deliveries WHERE subscription_id IN (SELECT id FROM hub_subscriptions WHERE state = 'active' AND expires_at <= ?)",
        )
        .run(now)
      return this.db
        .query("UPDATE hub_subscriptions SET state = 'expired', updated_at = ? WHERE state = 'active' AND expires_at <= ?")
        .run(now, now).changes
    })()
  }

  /** A change to `topics`: every active subscriber is owed the current content, coalesced into one pending delivery each. */
  enqueueTopic(topic: TopicPath, now: number): number {
    return this.db
      .query(
        `INSERT INTO hub_deliveries (subscription_id, due_at, generation, attempts)
         SELECT id, ?, 1, 0 FROM hub_subscriptions WHERE topic = ? AND state = 'active' AND expires_at > ?
         ON CONFLICT (subscription_id) DO UPDATE SET generation = generation + 1`,
      )
      .run(now, topic, now).changes
  }

  /** Topics with an active subscription whose last delivered content is known. */
  topicsWithKnownSent(): TopicPath[] {
    return this.db
      .query<{ topic: TopicPath }, []>("SELECT DISTINCT topic FROM hub_subscriptions WHERE state = 'active' AND sent_etag IS NOT NULL")
      .all()
      .map((r) => r.topic)
  }

  /** The ETag each outside hub was last told of, per topic: `pinged.get(hub)?.get(topic)`. */
  pingedEtags(): Map<string, Map<string, string>> {
    const pinged = new Map<string, Map<string, string>>()
    for (const row of this.db.query<{ hub: string; topic: string; etag: string }, []>('SELECT hub, topic, etag FROM hub_pings').all()) {
      const topics = pinged.get(row.hub) ?? new Map<string, string>()
      topics.set(row.topic, row.etag)
      pinged.set(row.hub, topics)
    }
    return pinged
  }

  /** Records that `hub` now knows `topic` as of `etag` (its ping took a 2xx, or a holder started from it). */
  recordPing(hub: string, topic: TopicPath, etag: string): void {
    this.db
      .query('INSERT INTO hub_pings (hub, topic, etag) VALUES (?, ?, ?) ON CONFLICT (hub, topic) DO UPDATE SET etag = excluded.etag')
      .run(hub, topic, etag)
  }

  /**
   * What a new lease holder owes: every active subscriber of `topic` whose last delivered content is known and is
   * not `etag` (the current content) gets a pending delivery, unless it has one already. Returns how many.
   */
  enqueueUnsent(topic: TopicPath, etag: string, now: number): number {
    return this.db
      .query(
        `INSERT INTO hub_deliveries (subscription_id, due_at, generation, attempts)
         SELECT id, ?, 1, 0 FROM hub_subscriptions WHERE topic = ? AND state = 'active' AND expires_at > ?
           AND sent_etag IS NOT NULL AND sent_etag != ?
         ON CONFLICT (subscription_id) DO NOTHING`,
      )
      .run(now, topic, now, etag).changes
  }

  dueDeliveries(now: number, limit: number, exclude: Set<number>): (Delivery & Subscription)[] {
    const rows = this.db
      .query<Delivery & Subscription, [number, number]>(
        `SELECT d.subscription_id, d.due_at, d.generation, d.attempts, s.* FROM hub_deliveries d
         JOIN hub_subscriptions s ON s.id = d.subscription_id WHERE d.due_at <= ? ORDER BY d.due_at LIMIT ?`,
      )
      .all(now, limit + exclude.size)
    return rows.filter((r) => !exclude.has(r.subscription_id)).slice(0, limit)
  }

  nextDueAt(exclude: Set<number>): number | null {
    const rows = this.db
      .query<{ subscription_id: number; due_at: number }, [number]>(
        'SELECT subscription_id, due_at FROM hub_deliveries ORDER BY due_at LIMIT ?',
      )
      .all(exclude.size + 1)
    return rows.find((r) => !exclude.has(r.subscription_id))?.due_at ?? null
  }

  /** Delivered generation `generation` (content `etag`): done, unless newer content arrived meanwhile. */
  delivered(id: number, generation: number, now: number, etag: string | null = null): void {
    this.db.transaction(() => {
      this.db
        .query('UPDATE hub_subscriptions SET failures = 0, updated_at = ?, sent_etag = coalesce(?, sent_etag) WHERE id = ?')
        .run(now, etag, id)
      this.db.query('DELETE FROM hub_deliveries WHERE subscription_id = ? AND generation = ?').run(id, generation)
      this.db.query('UPDATE hub_deliveries SET due_at = ?, attempts = 0 WHERE subscription_id = ?').run(now, id)
    })()
  }

  /** Counts a failed attempt; returns the consecutive failures so far. */
  failed(id: number, now: number): number {
    return this.db
      .query<{ failures: number }, [number, number]>(
        'UPDATE hub_subscriptions SET failures = failures + 1, updated_at = ? WHERE id = ? RETURNING failures',
      )
      .get(now, id)!.failures
  }

  retryAt(id: number, dueAt: number): void {
    this.db.query('UPDATE hub_deliveries SET due_at = ?, attempts = attempts + 1 WHERE subscription_id = ?').run(dueAt, id)
  }

  pendingDeliveries(): number {
    return this.db.query<{ n: number }, []>('SELECT count(*) AS n FROM hub_deliveries').get()!.n
  }
}
