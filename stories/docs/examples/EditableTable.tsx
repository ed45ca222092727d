// A paged list with a delete and a rename per row: useListMutation keeps every cached page of the list right.
import { useState } from 'react';
import { Pagination, useListMutation, useShares } from 'pagewise';
import { isHttpError } from 'pagewise/client';

type Share = { id: string; name: string };

export function SharesWithActions({ organizationId }: { organizationId: string }) {
  const shares = useShares<Share>({ organizationId });
  const write = useListMutation<Share>('shares', { organizationId });
  const [said, setSaid] = useState<string>();

  const rename = (share: Share, name: string) =>
    write.mutate(
      { type: 'update', id: share.id, body: { name } },
      { onSuccess: () => setSaid(`Renamed ${share.name} to ${name}.`) },
    );
  const remove = (share: Share) =>
    write.mutate({ type: 'delete', id: share.id }, { onSuccess: () => setSaid(`Deleted ${share.name}.`) });

  return (
    <>
      {write.isError && (
        <p role="alert">
          {/* The service's problem document, when it sent one (RFC 9457). */}
          {isHttpError(write.error) ? String((write.error.body as { detail?: string })?.detail) : write.error.message}
        </p>
      )}
      <ul>
        {shares.data?.items.map((share) => (
          <li key={share.id}>
            {share.name}
            <button onClick={() => rename(share, `${share.name} (old)`)}>Rename</button>
            <button onClick={() => confirm(`Delete ${share.name}?`) && remove(share)}>Delete</button>
          </li>
        ))}
      </ul>
      {/* What was done is said in the control's live region, before "Page 2 of 22". */}
      <Pagination {...shares.pagination} message={said} showTotal />
    </>
  );
}
