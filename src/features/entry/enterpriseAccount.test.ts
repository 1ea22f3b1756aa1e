import { describe, expect, it } from 'vitest';
import { readWorkAccount } from './forms/EnterpriseEntry';

describe('whose enterprise-messaging account a code is (workwx/user/info)', () => {
  it('name, organisation and whether it may enter; nothing without a name or a yes or no', () => {
    expect(readWorkAccount({ workWxUserId: 'wangwu', name: '王五', corpId: 'other-corp', allowed: false })).toEqual({ name: '王五', corp: 'other-corp', allowed: false });
    expect(readWorkAccount({ name: '张三', corpId: 'demo-corp', allowed: true })?.allowed).toBe(true);
    expect(readWorkAccount({ name: '', allowed: true })).toBeNull();
    expect(readWorkAccount({ name: 'x', allowed: 'yes' })).toBeNull();
    expect(readWorkAccount(null)).toBeNull();
  });
});
