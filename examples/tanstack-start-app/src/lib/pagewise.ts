// The one way to the service, on both sides. Server rendering calls the server functions directly; the browser calls
// them over HTTP (Start's RPC), and their handlers, with the credentials, never reach its bundle.
import { createServerFn } from '@tanstack/react-start';
import { getRequest, setResponseHeader } from '@tanstack/react-start/server';
import { createRpcClient, parseListCall } from 'pagewise/client';
import { serveListCall } from 'pagewise/server';
import { organizationId, serverClient } from './pagewise.server';

/**
 * One page of a list, answered with the server's client. `parseListCall` checks the call as the client did before it
 * was sent; `serveListCall` answers failures as data, so the browser gets the same errors as from `fetch`.
 */
export const listPage = createServerFn({ method: 'GET' })
  .validator(parseListCall)
  .handler(({ data }) => {
    // Per-user data, answered to a GET: kept out of shared caches, as pagewise's proxy does.
    setResponseHeader('Cache-Control', 'private, no-store');
    return serveListCall(serverClient, data, {
      // The browser going away (a page move that supersedes this one) aborts the call to the service.
      signal: getRequest().signal,
      // A real app checks the user's session here; this one shows a single organization, so it allows only that.
      allow: (call) =>
        call.organizationId.toLowerCase() === organizationId.toLowerCase() &&
        (call.resource === 'shares' || call.resource === 'environments'),
    });
  });

/** The organization the server lists, for the route's loader. */
export const getOrganizationId = createServerFn({ method: 'GET' }).handler(() => organizationId);

/** `useShares`'s client on both sides: its list calls are `listPage` calls, checked and answered like fetch's. */
export const pagewiseClient = createRpcClient({ call: listPage });
