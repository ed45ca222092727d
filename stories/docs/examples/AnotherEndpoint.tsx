// Any list endpoint of the same service, here GET {baseUrl}/{organizationId}/users, with its own record type:
// the generic hook and query options, the proxy's allowlist, and the mock seeded with it for tests.
import { usePagedList, listQueryOptions, Pagination } from 'pagewise';
import type { ApiClient } from 'pagewise/client';
import { createProxyHandler, apiAccountToken } from 'pagewise/server';
import { createMockService } from 'pagewise/testing';

type User = { id: string; email: string; role: 'admin' | 'member' };

export function Users({ organizationId }: { organizationId: string }) {
  const users = usePagedList<User>('users', {
    organizationId,
    filters: { role: 'admin' },
    sort: [{ id: 'email', desc: false }],
  });
  return (
    <>
      <ul>
        {users.data?.items.map((user) => (
          <li key={user.id}>{user.email}</li>
        ))}
      </ul>
      <Pagination {...users.pagination} />
    </>
  );
}

// Server rendering or your own useQuery: the same options builder.
export const firstUsers = (client: ApiClient, organizationId: string) =>
  listQueryOptions<User>('users', { client, organizationId });

// The proxy serves only what it is told: users, sorted by email, filtered by role.
export const proxy = createProxyHandler({
  baseUrl: 'https://api.example.com/v1',
  auth: apiAccountToken({ accountId: '5b0e7c3a-2f4d-4a1b-9e8c-7d6f5a4b3c2d', apiToken: 'from-your-secret-store' }),
  basePath: '/api/pagewise',
  allowRequest: () => true,
  allow: { users: { sort: ['email'], filters: { role: ['admin', 'member'] } } },
});

// Tests: the mock serves users too (generated rows, or your own records).
export const service = createMockService({
  organizations: { 'f0f0f0f0-0000-4000-8000-000000000001': { name: 'Acme', lists: { users: 40 } } },
  generators: {
    users: (index) => ({ id: `u${index}`, email: `user${index}@acme.test`, role: index % 5 ? 'member' : 'admin' }),
  },
});
