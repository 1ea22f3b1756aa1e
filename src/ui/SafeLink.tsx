import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { resolvePath, useHref, useLinkClickHandler, useLocation, type To } from 'react-router-dom';
import { isSameLocation } from './location';

export interface SafeLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the app (the router's basename is added to its href). */
  readonly to: To;
  /** Replace the current history entry instead of adding one. */
  readonly replace?: boolean;
}

/**
 * A router link that does nothing when it points at the page already shown (SPEC 2), and
 * marks itself aria-current="page" there so assistive technology says so.
 *
 * Built on the router's own `useHref` and `useLinkClickHandler` (which its `<Link>` uses:
 * a plain click navigates in the app, a click with a modifier key, another button or a
 * `target` is the browser's), not on `<Link>` itself: `<Link>` carries the data router's
 * prefetching, which the app does not use and which would load with every page
 * (issue 34 item 7: the guide page's script).
 */
export function SafeLink({ to, replace, onClick, target, ...rest }: SafeLinkProps) {
  const location = useLocation();
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  const isCurrent = isSameLocation(location, resolvePath(to, location.pathname));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (isCurrent) event.preventDefault();
    else navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} aria-current={isCurrent ? 'page' : undefined} />;
}
