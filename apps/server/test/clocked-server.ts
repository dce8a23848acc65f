import { loadConfig } from '../src/config.js';
import { startServer } from '../src/main.js';

// An Airgrid server whose clock a browser test sets (playout.spec.ts): real time, shifted to the
// instant `POST /__test/clock {"at": <epoch ms>}` names, so a test can open the watch page
// seconds before a programme starts and watch it air in real time; `POST /__test/as-run`
// brings the as-run log up to that clock at once (it records every minute otherwise). Run with
// tsx on a fresh DATA_DIR (the environment configures the rest); prints "Airgrid is running at
// <url>".

let offset = 0;
const server = await startServer(loadConfig(), {
  clock: { now: () => Date.now() + offset },
  routes: (app) => {
    app.post('/__test/clock', async (request) => {
      const { at } = request.body as { at: number };
      offset = at - Date.now();
      return { at };
    });
    app.post('/__test/as-run', async () => ({
      written: await server.app.asRun.record(Date.now() + offset),
    }));
  },
});
process.stdout.write(`Airgrid is running at ${server.url}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
