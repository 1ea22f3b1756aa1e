import { describe, expect, it } from 'vitest';
import { syncLines, syncStamp } from './syncStatus';

const none = { gapsFilled: 0, gapsSkipped: 0, messagesSkipped: 0, messagesThinned: 0 };

describe('syncLines', () => {
  it('says nothing when nothing happened', () => {
    expect(syncLines({ sync: none, notShown: 0 })).toEqual([]);
  });

  it('puts what was lost before what was repaired', () => {
    expect(syncLines({ sync: { gapsFilled: 2, gapsSkipped: 1, messagesSkipped: 2600, messagesThinned: 40 }, notShown: 2750 })).toEqual([
      { key: 'chat.sync.skipped', n: 2600 },
      { key: 'chat.sync.thinned', n: 40 },
      { key: 'chat.sync.notShown', n: 2750 },
      { key: 'chat.sync.filled', n: 2 },
    ]);
    expect(syncLines({ sync: { ...none, gapsFilled: 1 }, notShown: 0 })).toEqual([{ key: 'chat.sync.filled', n: 1 }]);
  });

  it('stamps change with a new gap or the first skip, not with counts that grow in a flood', () => {
    const a = syncStamp({ sync: none, notShown: 3 });
    expect(syncStamp({ sync: none, notShown: 3 })).toBe(a);
    expect(syncStamp({ sync: none, notShown: 4000 })).toBe(a);
    expect(syncStamp({ sync: none, notShown: 0 })).not.toBe(a);
    expect(syncStamp({ sync: { ...none, gapsFilled: 1 }, notShown: 3 })).not.toBe(a);
    expect(syncStamp({ sync: { ...none, gapsSkipped: 1, messagesSkipped: 40 }, notShown: 3 })).not.toBe(a);
    const thinned = syncStamp({ sync: { ...none, messagesThinned: 1 }, notShown: 3 });
    expect(thinned).not.toBe(a);
    expect(syncStamp({ sync: { ...none, messagesThinned: 9000 }, notShown: 9000 })).toBe(thinned);
  });
});
