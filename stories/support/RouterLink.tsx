import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';

/**
 * React Router's `Link` as Pagination's `linkComponent`: it takes `to`, the control passes `href`. An unavailable
 * arrow has no href, and stays a plain `<a>` (React Router's `Link` needs a destination).
 */
export function RouterLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return href === undefined ? <a {...rest} /> : <Link {...rest} to={href} />;
}
