// Compiled with exactOptionalPropertyTypes (test/types/exact/tsconfig.json): props an app passes from its own state,
// which may be undefined, as the Changing rows guide passes what a row action did to the control.
import { useState } from 'react';
import { Pagination, useShares } from 'pagewise';

export function SharesWithMessage({ organizationId }: { organizationId: string }) {
  const shares = useShares({ organizationId });
  const [said] = useState<string>();
  return <Pagination {...shares.pagination} message={said} showTotal />;
}
