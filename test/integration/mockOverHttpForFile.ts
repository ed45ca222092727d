import { beforeEach } from 'vitest';
import { createMockService, type MockService } from '../../src/testing/index';
import { createMockHttpServer, type MockHttpServer } from '../../src/testing/node';
import { startedForFile } from '../helpers/startedForFile';

/**
 * The demo mock service over real HTTP on 127.0.0.1 for every test of the calling file: listening from the
 * first test to the last, and reset with every issued token expired before each test.
 */
export function mockOverHttpForFile(): { mock: MockService; http: MockHttpServer } {
  const mock = createMockService();
  const listening = startedForFile(
    'mockOverHttpForFile',
    () => createMockHttpServer(mock),
    (server) => server.close(),
  );
  beforeEach(() => {
    mock.reset();
    mock.expireTokens();
  });
  const http: MockHttpServer = {
    get url() {
      return listening().url;
    },
    get baseUrl() {
      return listening().baseUrl;
    },
    get authUrl() {
      return listening().authUrl;
    },
    get eventsUrl() {
      return listening().eventsUrl;
    },
    close: () => listening().close(),
  };
  return { mock, http };
}
