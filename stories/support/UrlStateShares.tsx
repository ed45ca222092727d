import { useLocation, useNavigate } from 'react-router';
import { useShares } from '../../src/hooks/index';
import { Pagination } from '../../src/pagination/index';
import { demoOrganizationIds } from './storyService';
import { urlPageSizes, useUrlPagination } from './useUrlPagination';

/** Shares paged by the URL (`?page=&size=`), with Back/Forward buttons standing in for the browser's and the URL shown. */
export function UrlStateShares() {
  const url = useUrlPagination();
  const shares = useShares({ organizationId: demoOrganizationIds.acme, ...url });
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div>
      <ul aria-label="Shares" aria-busy={shares.isPlaceholderData}>
        {shares.data?.items.slice(0, 3).map((s) => (
          <li key={String(s.id)}>{String(s.name)}</li>
        ))}
      </ul>
      <Pagination {...shares.pagination} pageSizeOptions={urlPageSizes} showTotal />
      <p>
        <button type="button" onClick={() => navigate(-1)}>
          Back
        </button>{' '}
        <button type="button" onClick={() => navigate(1)}>
          Forward
        </button>{' '}
        <output aria-label="URL">{location.pathname + location.search}</output>
      </p>
    </div>
  );
}
