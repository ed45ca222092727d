// Start's server entry, as its default but for one case: a browser that went away. A page move that supersedes a
// page still on its way aborts that server-function call (useShares cancels it), and Start then throws the request's
// abort reason, which it would log as an error. Nobody reads the answer: it is a 499, as pagewise's proxy answers it,
// and no fault of the server.
import { createServerEntry, createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server';

const handler = createStartHandler(defaultStreamHandler);

export default createServerEntry({
  async fetch(request, options) {
    try {
      return await handler(request, options);
    } catch (error) {
      if (request.signal.aborted) return new Response(null, { status: 499, statusText: 'Client Closed Request' });
      throw error;
    }
  },
});
