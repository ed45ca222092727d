// Browser-safe entry: MSW handlers and state. The node:http adapter lives in ./node (pagewise/testing/node).
export { createMockService } from './createMockService';
export { demoAccount, demoClient, demoOrganizationIds, demoOrganizations } from './demoData';
export { generateEnvironment, type MockEnvironment } from './generateEnvironment';
export { generateShare, type MockShare } from './generateShare';
export type {
  MockChange,
  MockEdit,
  MockFailure,
  MockLatency,
  MockResponseShape,
  MockService,
  MockServiceOptions,
  RecordedRequest,
} from './types';
