import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Env } from '../../config/env';
import type { RedisHealth } from '../../adapters/redis';
import type { Logger, ModuleDeps } from './deps';

/**
 * What a committed write changed, for the caches that hold copies of it (the catalogue's list
 * cache, the rendered-page cache): which kind of data, and whose. `userIds: null` means anyone's
 * (an admin adding a tag, a lost Redis connection) — every cached copy is dropped.
 */
export interface ContentChange {
  kind: 'catalog' | 'site' | 'user' | 'all';
  userIds: readonly string[] | null;
  /**
   * Only counts or state moved (a like, a follow, an accepted comment, a sale, stock, a rating):
   * what is shown and whether it is shown did not change, so a rendered page may still be served
   * while a fresh one renders (docs/decisions/044). Absent (the default, and any other value heard
   * from another instance) means a hard change: cached copies go at once.
   */
  soft?: true;
}

const SOFT_KINDS: ReadonlySet<unknown> = new Set(['catalog', 'site', 'user']);

/**
 * Whether `change` is a soft one (see ContentChange.soft). Anything not plainly said to be — an
 * unknown kind or value heard from another instance's version, a change for everyone — is hard.
 */
export const isSoftChange = (change: ContentChange): boolean =>
  change.soft === true && Array.isArray(change.userIds) && SOFT_KINDS.has(change.kind);

/**
 * Announces a committed write that only moved counts or state on the pages of `userIds`: likes,
 * follows, accepted comments, sales and stock, ratings. Every cache that holds the counts hears of
 * it as of any change; the rendered-page cache serves its copies while it refreshes them.
 */
export function announceCountsChange(
  deps: Pick<ModuleDeps, 'env' | 'log'>,
  kind: 'catalog' | 'site' | 'user',
  userIds: readonly string[],
): void {
  announceChange(deps, { kind, userIds, soft: true });
}
export type ChangeListener = (change: ContentChange) => void;

interface Bus {
  listeners: Set<ChangeListener>;
  /** Tells the other instances (set while Redis sync runs). */
  publish?: (change: ContentChange) => void;
}

// One bus per app instance, keyed by its `env` object: the deps of a request, a job and a
// transaction all carry the same one, and two apps in one process (tests) never share a bus.
const buses = new WeakMap<object, Bus>();

function busOf(env: Env): Bus {
  let bus = buses.get(env);
  if (!bus) buses.set(env, (bus = { listeners: new Set() }));
  return bus;
}

function deliver(bus: Bus, change: ContentChange, log?: Logger) {
  for (const listener of bus.listeners) {
    try {
      listener(change);
    } catch (err) {
      log?.warn({ err }, 'a change listener failed');
    }
  }
}

/**
 * Announces a committed write. Call it after the transaction commits, never inside it: a reader
 * between the announcement and the commit would cache the old state again.
 */
export function announceChange(deps: Pick<ModuleDeps, 'env' | 'log'>, change: ContentChange): void {
  const bus = busOf(deps.env);
  deliver(bus, change, deps.log);
  bus.publish?.(change);
}

/** Subscribes a cache of this app instance to every change (here and, with Redis, elsewhere). */
export function onContentChange(env: Env, listener: ChangeListener): () => void {
  const bus = busOf(env);
  bus.listeners.add(listener);
  return () => bus.listeners.delete(listener);
}

/** The deployment's channel (REDIS_PREFIX): deployments sharing a Redis never hear each other. */
export const changesChannel = (env: Env) => `${env.REDIS_PREFIX}:content:changed`;

export interface RedisChangeLink {
  redis: Redis;
  /** Whether Redis answers; the outage's one log line is its (adapters/redis watchRedis). */
  health: RedisHealth;
  /** One change not told to the other instances (their caches fall back on their TTL). */
  onFallback(): void;
}

/**
 * With Redis, every instance hears every instance's changes: writes publish on the deployment's
 * channel, a second connection (a subscribed one can do nothing else) listens. While Redis is away
 * a write is not told to the others (their caches expire on their TTL), and while the subscriber
 * is disconnected messages are lost, so (re)connecting drops every cached copy. The subscriber
 * reconnects by itself. Returns the stopper.
 */
export function shareChangesThroughRedis(env: Env, link: RedisChangeLink, log: Logger): () => void {
  const { redis, health, onFallback } = link;
  const bus = busOf(env);
  const channel = changesChannel(env);
  const instance = randomUUID();
  // Unlike the main connection, it queues its SUBSCRIBE until connected and never times it out.
  const subscriber = redis.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  subscriber.on('message', (heardOn: string, raw: string) => {
    if (heardOn !== channel) return;
    try {
      const message = JSON.parse(raw) as { from: string; change: ContentChange };
      if (message.from !== instance) deliver(bus, message.change, log);
    } catch {
      deliver(bus, { kind: 'all', userIds: null }, log);
    }
  });
  subscriber.on('ready', () => deliver(bus, { kind: 'all', userIds: null }, log));
  // Its failed reconnection attempts are the outage the main connection's watcher reports; a
  // SUBSCRIBE still queued fails only when the subscriber is stopped.
  subscriber.on('error', () => {});
  subscriber.subscribe(channel).catch(() => {});
  bus.publish = (change) => {
    if (!health.usable()) return onFallback();
    redis.publish(channel, JSON.stringify({ from: instance, change })).then(
      () => health.answered(),
      (err: unknown) => {
        health.failed(err);
        onFallback();
      },
    );
  };
  return () => {
    bus.publish = undefined;
    subscriber.disconnect();
  };
}
