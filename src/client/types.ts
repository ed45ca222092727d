/** A record the service lists. Its fields are not documented beyond an identifier, so it stays open. */
export interface ApiRecord {
  /** The record's identifier. */
  id: string;
  [field: string]: unknown;
}

/** A share, as listed by `GET {baseUrl}/{organizationId}/shares`. Narrow it with a generic. */
export type Share = ApiRecord;

/** An environment, as listed by `GET {baseUrl}/{organizationId}/environments`. Narrow it with a generic. */
export type Environment = ApiRecord;

/** One page of a list operation, normalized whatever shape the service answered with. */
export interface Page<T> {
  /** The rows of this page. */
  items: T[];
  /** Total number of rows across all pages; undefined when the response does not say. */
  total?: number;
  /** Zero-based index of this page, as on the wire (the service's own `number` when it reports one). */
  pageIndex: number;
  /** Rows per page (the service's own `size` when it reports one, else the `size` asked for). */
  pageSize: number;
  /** Number of pages, `ceil(total / pageSize)`; undefined when the response does not say. */
  pageCount?: number;
  /** Whether a page follows this one. */
  hasNext: boolean;
  /** Whether a page precedes this one. */
  hasPrevious: boolean;
}

/**
 * A list endpoint below an organization, `GET {baseUrl}/{organizationId}/{resource}`: one of the service's
 * documented lists, or another path segment of the same service (e.g. `'users'`), letters, digits, `-` and `_`.
 */
export type ListResource = 'shares' | 'environments' | (string & {});

/** One sort criterion, as TanStack Table's `ColumnSort`: the field and whether it sorts descending. */
export interface SortEntry {
  /** The field to sort on, e.g. `'name'`. */
  id: string;
  /** Descending when true. */
  desc: boolean;
}

/** A filter value: sent as one query parameter, or one per item for an array. */
export type FilterValue = string | number | boolean;

/** Filters sent as query parameters; `undefined`, `null`, `''` and empty arrays are left out. */
export type ListFilters = Readonly<Record<string, FilterValue | readonly FilterValue[] | null | undefined>>;

/** Turns a sort into query parameters. */
export type SerializeSort = (sort: readonly SortEntry[]) => Array<readonly [name: string, value: string]>;

/** Arguments of the list operations: `page` and `size` are exactly the wire's query parameters. */
export interface ListParams {
  /** The organization's UUID. */
  organizationId: string;
  /** Zero-based page index, the wire's `page` query parameter. */
  page: number;
  /** Rows per page, the wire's `size` query parameter. */
  size: number;
  /** Sort criteria in order of precedence, sent as the client's `serializeSort` says. @default [] */
  sort?: readonly SortEntry[] | undefined;
  /** Filters, sent as query parameters in the order of their names; arrays repeat the parameter. @default {} */
  filters?: ListFilters | undefined;
  /** Aborts the request. */
  signal?: AbortSignal;
}

/** Context an auth strategy gets for each request. */
export interface AuthContext {
  /** The API client's base URL (the default OAuth audience). */
  baseUrl: string;
  /** The fetch the client uses. */
  fetch: typeof globalThis.fetch;
  /** The caller's abort signal; aborting it must not abort work shared with other callers. */
  signal?: AbortSignal;
  /** The request's method, for a proof of possession bound to it (DPoP). */
  method?: string;
  /** The request's URL, for a proof of possession bound to it (DPoP). */
  url?: string;
}

/** Headers an auth strategy adds: `Authorization`, and a proof of possession beside it (`DPoP`). Each value is kept out of errors. */
export interface AuthHeaders {
  Authorization: string;
  [name: string]: string;
}

/** How the client obtains the `Authorization` header. Implemented by `bearerToken`, `clientCredentials` and `apiAccountToken`. */
export interface AuthStrategy {
  /** A non-secret identity for cache keys and logs (never a token, secret or key). */
  readonly id: string;
  /** Resolves to the full `Authorization` header value, or to it and a proof of possession (`AuthHeaders`). */
  authorize(context: AuthContext): Promise<string | AuthHeaders>;
  /**
   * Called once when the API answered 401 to a request sent with `authorization` for `scope` (the request URL's
   * path up to its last `/`: the organization), with that `response` (its body unread, e.g. for a DPoP nonce challenge).
   * Returns true when a retry with a new header may succeed (the rejected token was dropped, or a nonce was asked for).
   */
  unauthorized?(authorization: string, scope?: string, response?: Response): boolean;
  /** Called when the API answered a request sent with `authorization` for `scope` with anything but 401 (`response`, its body unread). */
  accepted?(authorization: string, scope?: string, response?: Response): void;
  /**
   * Other forms of the credential an echoing service must not leak (e.g. the decoded pair behind a base64 Basic
   * header); the header's own credential is always redacted. Like it, each is redacted from errors however short,
   * and from page data when it has 8 or more characters. @default []
   */
  readonly secrets?: readonly string[];
}

/** An `AuthStrategy` with a token cache that backs off: `clientCredentials`'s. */
export interface ResettableAuthStrategy extends AuthStrategy {
  /**
   * Ends the token back-off (longest after refusals such as `invalid_client`) and the holds on renewals for 401s,
   * so the next call asks for a token at once: call it once the client is fixed at the identity provider. A refusal
   * right after it backs off as long as the one before, so calling it in a loop cannot start a storm.
   */
  reset(): void;
}

/** What a `ParsePage` gets besides the body. */
export interface ParsePageContext {
  /** The response (read its headers, e.g. `X-Total-Count`; the body is already consumed). */
  response: Response;
  /** The `page` that was asked for (zero-based). */
  page: number;
  /** The `size` that was asked for. */
  size: number;
  /** The URL that was requested (for error messages). */
  url: string;
}

/**
 * Turns a list response's parsed JSON body into a `Page` of the app's own rows. Throw to reject the response.
 * Not generic, so a function returning `Page<MyRow>` fits without a cast.
 */
export type ParsePage = (body: unknown, context: ParsePageContext) => Page<unknown>;

/** A token response (RFC 6749 5.1) as the identity provider, or the app's backend, returns it. */
export interface TokenResponse {
  /** The bearer token. */
  access_token: string;
  /** Lifetime of the token in seconds; without it (RFC 6749 makes it optional) the token is not cached. */
  expires_in?: number;
  /** `Bearer` (any case). */
  token_type?: string;
  /** Space-separated granted scopes. */
  scope?: string;
}
