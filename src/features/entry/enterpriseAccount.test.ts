import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readWorkAccount } from './forms/EnterpriseEntry';
import { readOpenId, recallWorkAccount, rememberWorkAccount } from './workAccount';

describe('whose enterprise-messaging account a code is (workwx/user/info)', () => {
  it('id, name, organisation and whether it may enter; nothing without a name or a yes or no', () => {
    expect(readWorkAccount({ workWxUserId: 'wangwu', name: '王五', corpId: 'other-corp', allowed: false })).toEqual({ userId: 'wangwu', name: '王五', corp: 'other-corp', allowed: false });
    expect(readWorkAccount({ name: '张三', corpId: 'demo-corp', allowed: true })).toMatchObject({ userId: '', allowed: true });
    expect(readWorkAccount({ name: '', allowed: true })).toBeNull();
    expect(readWorkAccount({ name: 'x', allowed: 'yes' })).toBeNull();
    expect(readWorkAccount(null)).toBeNull();
  });
});

/** The tab's session storage, as the page has it (node has none). */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'clear'> {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, String(v)), clear: () => items.clear() };
}

describe('the account the start reminder goes to', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('is remembered per room for this tab, and only a well-formed one is read back', () => {
    expect(recallWorkAccount('10008')).toBeNull();
    rememberWorkAccount('10008', { workWxUserId: 'zhangsan', name: '张三' });
    expect(recallWorkAccount('10008')).toEqual({ workWxUserId: 'zhangsan', name: '张三' });
    expect(recallWorkAccount('10001')).toBeNull();
    sessionStorage.setItem('webcast.entry.workAccount.10001', '{"workWxUserId":"a b"}');
    expect(recallWorkAccount('10001')).toBeNull();
    sessionStorage.setItem('webcast.entry.workAccount.10001', 'not json');
    expect(recallWorkAccount('10001')).toBeNull();
  });

  it('is addressed by its open id, when the answer has a usable one', () => {
    expect(readOpenId({ workWxUserId: 'zhangsan', openId: 'oabc123' })).toBe('oabc123');
    expect(readOpenId({ openId: 'has space' })).toBeNull();
    expect(readOpenId({})).toBeNull();
    expect(readOpenId(null)).toBeNull();
  });
});
