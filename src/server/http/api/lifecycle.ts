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
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export function installLifecycle(app: FastifyInstance): void {
  let draining = false;
  app.decorate('lifecycle', {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
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
