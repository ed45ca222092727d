// `server.listen(failOnUnhandledRequests)`: a request no handler answers fails the test, on MSW 2 and MSW 3 alike. MSW
// 3 renamed the option (`onUnhandledFrame`, as WebSocket connections are frames too); each version reads its own name
// and ignores the other's. A variable, not an object literal at the call, so TypeScript checks it against the
// installed version's options without calling the other name an excess property.
export const failOnUnhandledRequests = { onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as const;
