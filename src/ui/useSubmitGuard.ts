/**
 * SPEC 5's prevent-double-click rule (3000 ms) for a submit button: `pass()` says whether
 * this click may go; a repeated one within the interval is refused with the "do not click
 * repeatedly" notice. `reset()` after a failure lets the viewer try again at once.
 */
import { useState } from 'react';
import { createClickGuard, type ClickGuard } from '../domain/doubleClick';
import { pushNotice } from '../state/notices';

export function useSubmitGuard(): { pass(): boolean; reset(): void } {
  const [guard] = useState<ClickGuard>(() => createClickGuard(() => performance.now()));
  const [api] = useState(() => ({
    pass(): boolean {
      const verdict = guard.check();
      if (!verdict.ok) pushNotice({ key: verdict.error.key, tone: 'warning' });
      return verdict.ok;
    },
    reset: () => guard.reset(),
  }));
  return api;
}
