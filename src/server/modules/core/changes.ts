import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Env } from '../../config/env';
import type { Logger, ModuleDeps } from './deps';

/**
 * What a committed write changed, for the caches that hold copies of it (the catalogue's list
 * cache, the rendered-page cache): which kind of data, and whose. `userIds: null` means anyone's
 * (an admin adding a tag, a lost Redis connection) — every cached copy is dropped.
 */
export interface ContentChange {
  kind: 'catalog' | 'site' | 'user' | 'all';
  userIds: readonly string[] | null;
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
export const CHANGES_CHANNEL = 'content:changed';

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

/**
 * With Redis, every instance hears every instance's changes: writes publish on CHANGES_CHANNEL, a
 * second connection (a subscribed one can do nothing else) listens. While the subscriber is
 * disconnected messages are lost, so (re)connecting drops every cached copy. Returns the stopper.
 */
export function shareChangesThroughRedis(env: Env, redis: Redis, log: Logger): () => void {
  const bus = busOf(env);
  const instance = randomUUID();
  const subscriber = redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  subscriber.on('message', (channel: string, raw: string) => {
    if (channel !== CHANGES_CHANNEL) return;
    try {
      const { from, change } = JSON.parse(raw) as { from: string; change: ContentChange };
      if (from !== instance) deliver(bus, change, log);
    } catch {
      deliver(bus, { kind: 'all', userIds: null }, log);
    }
  });
  subscriber.on('ready', () => deliver(bus, { kind: 'all', userIds: null }, log));
  subscriber.on('error', (err: Error) => log.warn({ err }, 'change subscriber error'));
  subscriber.subscribe(CHANGES_CHANNEL).catch((err: unknown) => {
    log.warn({ err }, 'changes: could not subscribe');
  });
  bus.publish = (change) => {
    redis.publish(CHANGES_CHANNEL, JSON.stringify({ from: instance, change })).catch((err: unknown) => {
      log.warn({ err }, 'changes: could not publish');
    });
  };
  return () => {
    bus.publish = undefined;
    subscriber.disconnect();
  };
}
