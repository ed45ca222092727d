import { beforeEach } from 'vitest';
import { startLocalServer, type Handler, type LocalServer } from './localServer';
import { startedForFile } from './startedForFile';

/**
 * A local server for every test of the calling file: started once, its recorded requests cleared and
 * its handler reset to `handler` before each test, and closed after the file.
 */
export function localServerForFile(handler: Handler = () => ({ status: 404 })): LocalServer {
  const started = startedForFile(
    'localServerForFile',
    () => startLocalServer(handler),
    (server) => server.close(),
  );
  beforeEach(() => {
    started().requests.length = 0;
    started().handle(handler);
  });
  return {
    get origin() {
      return started().origin;
    },
    get port() {
      return started().port;
    },
    get requests() {
      return started().requests;
    },
    requestsTo: (path) => started().requestsTo(path),
    handle: (next) => started().handle(next),
    close: () => started().close(),
  };
}
