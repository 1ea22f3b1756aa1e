import type { MouseEvent } from 'react';
import { Link, resolvePath, useLocation, type LinkProps } from 'react-router-dom';
import { isSameLocation } from './location';

/**
 * A router link that does nothing when it points at the page already shown (SPEC 2), and
 * marks itself aria-current="page" there so assistive technology says so.
 */
export function SafeLink({ to, onClick, ...rest }: LinkProps) {
  const location = useLocation();
  const isCurrent = isSameLocation(location, resolvePath(to, location.pathname));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // Link skips its own navigation for a prevented click.
    if (isCurrent) event.preventDefault();
  };
  return <Link to={to} onClick={handleClick} aria-current={isCurrent ? 'page' : undefined} {...rest} />;
}
