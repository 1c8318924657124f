import { startServer } from '../../src/server/http/boot/server';

/**
 * The server as `npm start` runs it — startServer: config from the environment, its signals and
 * its drain — without the web app, plus one route for the drain test (tests/unit/drain.test.ts): a
 * request that is still in flight when SIGTERM comes and is answered during the drain.
 */
await startServer({
  async web(app) {
    app.get('/test/in-flight', async (request) => {
      request.log.info('in-flight request started');
      await new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (!app.lifecycle.draining) return;
          clearInterval(check);
          // Answered well inside the drain, after a few other requests had their turn.
          setTimeout(resolve, 300);
        }, 10);
      });
      return { answered: 'during the drain' };
    });
  },
});
