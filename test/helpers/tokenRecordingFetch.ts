/** A fetch that remembers every access token a token endpoint handed out, so tests can scan errors for them. */
export interface TokenRecordingFetch {
  /** Pass as the client's (or strategy's) `fetch`. */
  fetch: typeof globalThis.fetch;
  /** Every `access_token` seen in a token response so far. */
  tokens: string[];
}

/** Wraps the global fetch; responses from a `/oauth/token` URL are read (from a clone) for their `access_token`. */
export function tokenRecordingFetch(): TokenRecordingFetch {
  const tokens: string[] = [];
  return {
    tokens,
    async fetch(input, init) {
      const response = await globalThis.fetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (new URL(url).pathname.endsWith('/oauth/token')) {
        const body = (await response
          .clone()
          .json()
          .catch(() => ({}))) as { access_token?: unknown };
        if (typeof body.access_token === 'string') tokens.push(body.access_token);
      }
      return response;
    },
  };
}
