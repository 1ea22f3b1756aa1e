import { useCallback } from 'react';
import { resolvePath, useLocation, useNavigate, type NavigateOptions, type To } from 'react-router-dom';
import { isSameLocation } from './location';

/**
 * navigate() that ignores a push to the location already shown (SPEC 2): no duplicate
 * history entry, no error. Returns whether it navigated. Relative targets resolve against
 * the current pathname.
 */
export function useSafeNavigate(): (to: To, options?: NavigateOptions) => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: To, options?: NavigateOptions) => {
      if (isSameLocation(location, resolvePath(to, location.pathname))) return false;
      void navigate(to, options);
      return true;
    },
    [navigate, location],
  );
}
