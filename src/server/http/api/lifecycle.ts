import type { FastifyInstance } from 'fastify';

/**
 * Where this instance is in its life, as a balancer needs to know it (docs/decisions/038): serving,
 * or draining — told to stop (SIGTERM) but still answering everything while the balancer's health
 * checks (GET /api/v1/health/ready) notice and send the traffic elsewhere.
 */
export interface Lifecycle {
  readonly draining: boolean;
  /** From now on readiness fails and every answer closes its connection. Cannot be undone. */
  drain(): void;
  /**
   * Still loading, after the server started listening, something some answers need (the pages'
   * code: docs/decisions/055). Those answers wait for it; readiness fails meanwhile.
   */
  readonly starting: boolean;
  /** Readiness fails until `work` is done (for good, if it fails). */
  loading(work: Promise<unknown>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export function installLifecycle(app: FastifyInstance): void {
  let draining = false;
  let loading = 0;
  app.decorate('lifecycle', {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
    get starting() {
      return loading > 0;
    },
    loading(work) {
      loading += 1;
      // A failure is reported where the work is awaited; this instance never becomes ready.
      work.then(
        () => (loading -= 1),
        () => {},
      );
    },
  } satisfies Lifecycle);
  // While draining, each answer ends its keep-alive connection (`Connection: close`, which the
  // client reads before it could reuse the connection): the connections wind down one answer at a
  // time, and few are left idle for the close at the end of the drain to cut. Set as the answer
  // leaves, so a request that began before the drain closes its connection too.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
