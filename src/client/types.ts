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
  /**
   * About how many rows there are, when the service gives an estimate instead of a count (a body `totalEstimate` or
   * `estimatedTotal`, e.g. a database planner's figure). Never beside `total`: an exact count drops it, so code reading
   * `total` never gets a guess.
   */
  totalEstimate?: number;
  /** This page's number, counting from 1 (the service's own `number` when it reports one, read from the wire's zero-based count). */
  page: number;
  /** Rows per page (the service's own `size` when it reports one, else the `size` asked for). */
  pageSize: number;
  /** Number of pages, `ceil(total / pageSize)` and at least 1; undefined when the response does not say. */
  pageCount?: number;
  /** Whether a page follows this one, as the response says (or, without a word of it, as a full page suggests). */
  hasNext: boolean;
  /** Whether a page precedes this one. */
  hasPrevious: boolean;
  /**
   * The way to the next page when the service gives one other than its number: a next-page URL made absolute (a
   * body `next`, HAL `_links.next.href`, JSON:API `links.next`, a `Link` header `rel="next"`), a token from the
   * body (`nextPageToken`, `next_page_token`, `nextCursor`, `next_cursor`), or a Stripe list's last row `id`. Pass
   * it as the next call's `cursor`. Undefined when the service pages by number only, and when no page follows.
   */
  nextCursor?: string;
  /**
   * The query parameter a token `nextCursor` goes out as: the client's `cursorParam` option, else what the response's
   * style takes (`pageToken` after a Google-style list, `starting_after` after a Stripe list), else `cursor`.
   * Undefined for a URL `nextCursor`, which is requested as it stands.
   */
  cursorParam?: string;
  /**
   * The cursor this page was asked for by (a previous page's `nextCursor`) and the query parameter it went out as
   * (none for a URL cursor): what a URL carries to show the same page after a reload. Undefined for a page asked for
   * by its number.
   */
  requestedBy?: PageCursor;
}

/** A page's way in by cursor: a previous page's `nextCursor` and, for a token, the query parameter it goes out as. */
export interface PageCursor {
  /** A previous page's `nextCursor`: a next-page URL or a token. */
  cursor: string;
  /** The query parameter a token goes out as (a previous page's `cursorParam`); none for a URL. */
  cursorParam?: string | undefined;
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

/** What `serializePage` gets: the page asked for. */
export interface PageRequest {
  /** The page's number, counting from 1 (with a cursor, the number the caller gave it, else 1). */
  page: number;
  /** Rows per page. */
  size: number;
  /** A token cursor, when the page is asked for by one (a URL cursor is requested as it stands, never serialized). */
  cursor?: string | undefined;
  /** The query parameter the client would send `cursor` as. */
  cursorParam: string;
}

/**
 * Turns the page asked for into the query parameters that ask for it, e.g. `({ page, size }) => ({ offset: (page - 1) *
 * size, limit: size })`; `undefined` and `null` values are left out. A token cursor the result does not carry is added as
 * `cursorParam`, so a serializer written for numbers stays right on cursor calls.
 */
export type SerializePage = (
  request: PageRequest,
) => Readonly<Record<string, string | number | boolean | null | undefined>> | Iterable<readonly [string, string]>;

/** Turns a sort into query parameters. */
export type SerializeSort = (sort: readonly SortEntry[]) => Array<readonly [name: string, value: string]>;

/**
 * Arguments of the list operations: a page by its number (`page`, counting from 1) or by the previous page's
 * `nextCursor` (`cursor`), and its `size`.
 */
export type ListParams = ListParamsByPage | ListParamsByCursor;

/** A list call for a page by its number. */
export interface ListParamsByPage extends ListParamsBase {
  /** The page's number, counting from 1; it goes out as the wire's zero-based `page` query parameter (or as `serializePage` writes it). */
  page: number;
  /** No cursor: the page is asked for by its number. */
  cursor?: undefined;
  /** Only with a cursor. */
  cursorParam?: undefined;
}

/** A list call for the page a previous page's `nextCursor` leads to. */
export interface ListParamsByCursor extends ListParamsBase {
  /**
   * A previous page's `nextCursor`: a URL (requested as it stands, and only when it lies under the client's
   * `baseUrl`) or a token (sent as the `cursorParam` query parameter, beside `size`, sort and filters).
   */
  cursor: string;
  /** The number (counting from 1) of the page the cursor leads to, reported as the page's `page`. @default 1 */
  page?: number;
  /** The query parameter a token cursor goes out as: the previous page's `cursorParam`. @default the client's choice (see `Page.cursorParam`) */
  cursorParam?: string;
}

/** What every list call takes. */
export interface ListParamsBase {
  /** The organization's UUID; a name of 1 to 200 URL-safe characters where the client's route for the resource names none. */
  organizationId: string;
  /** Rows per page, the wire's `size` query parameter (or what `serializePage` makes of it). */
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

/**
 * Headers an auth strategy adds: `Authorization`, and a proof of possession beside it (`DPoP`), or a key in a header
 * of its own name (`X-API-Key`) in its place. Each value is kept out of errors.
 */
export interface AuthHeaders {
  [name: string]: string;
}

/**
 * What an auth strategy adds to a request, in full: headers, and query parameters for a service that reads its key
 * nowhere else (`{ query: { api_key: key } }`). Each value is kept out of errors, events, logs, query keys and the
 * next-page cursors the client hands out (a next-page URL echoing a parameter has it taken out, and it is set again
 * on the request that follows the cursor).
 */
export interface AuthGrant {
  /** Headers to add, as `AuthHeaders`. @default none */
  headers?: AuthHeaders;
  /** Query parameters set on the request's URL (replacing any of the same name). @default none */
  query?: Readonly<Record<string, string>>;
}

/**
 * How the client authorizes a request. Implemented by `bearerToken`, `clientCredentials`, `apiAccountToken`,
 * `basicAuth` and `apiKey`; see "Writing an AuthStrategy" in the guide.
 */
export interface AuthStrategy {
  /** A non-secret identity for cache keys and logs (never a token, secret or key). */
  readonly id: string;
  /**
   * Resolves to the full `Authorization` header value, or to headers (`AuthHeaders`: it and a proof of possession,
   * or a key in a header of its own), or to an `AuthGrant` (headers and query parameters).
   */
  authorize(context: AuthContext): Promise<string | AuthHeaders | AuthGrant>;
  /**
   * Called once when the API answered 401 to a request sent with `authorization` for `organizationUrl` (the request URL's
   * path up to its last `/`: the organization), with that `response` (its body unread, e.g. for a DPoP nonce challenge).
   * Returns true when a retry with a new header may succeed (the rejected token was dropped, or a nonce was asked for).
   */
  unauthorized?(authorization: string, organizationUrl?: string, response?: Response): boolean;
  /** Called when the API answered a request sent with `authorization` for `organizationUrl` with anything but 401 (`response`, its body unread). */
  accepted?(authorization: string, organizationUrl?: string, response?: Response): void;
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
  /** The `page` that was asked for, counting from 1 (with a cursor, the number the caller gave it, else 1). */
  page: number;
  /** The cursor the page was asked for by, if it was. */
  cursor?: string | undefined;
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
