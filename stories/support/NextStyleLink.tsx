import type { AnchorHTMLAttributes, MouseEvent } from 'react';

/** What `NextStyleLink` navigates with: Next.js's `router.push`, here a function the story or test watches. */
export type Push = (href: string) => void;

/**
 * A stand-in for Next.js's `Link` (next/link), which is not installed: a plain component taking `href` and `onClick`.
 * Like Next's, it calls the given `onClick` first, does nothing more when that prevented the default, leaves
 * modified and middle clicks to the browser, and otherwise navigates client-side with `push`.
 */
export function NextStyleLink({ onClick, push, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { push?: Push }) {
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !rest.href) return;
    e.preventDefault();
    push?.(rest.href);
  };
  return <a {...rest} onClick={click} />;
}
