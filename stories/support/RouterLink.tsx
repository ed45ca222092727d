import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';

/** React Router's `Link` as Pagination's `linkComponent`: it takes `to`, the control passes `href` (always a string). */
export function RouterLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <Link {...rest} to={href!} />;
}
