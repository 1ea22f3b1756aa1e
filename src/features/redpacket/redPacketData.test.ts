// The open platform's answers as the wallet reads them: only what is well formed and safe is shown.
import { describe, expect, it } from 'vitest';
import { readOpenAuthorizeUrl, readPrivateMerchant } from './redPacketData';

describe('the payout account answers', () => {
  it('names the merchant only when the organiser pays through its own account', () => {
    expect(readPrivateMerchant({ privateMerchant: true, merchantName: ' Demo Co. ' })).toBe('Demo Co.');
    expect(readPrivateMerchant({ privateMerchant: false, merchantName: 'Demo Co.' })).toBeNull();
    expect(readPrivateMerchant({ privateMerchant: true, merchantName: '' })).toBeNull();
    expect(readPrivateMerchant({ privateMerchant: true, merchantName: 'x'.repeat(65) })).toBeNull();
    expect(readPrivateMerchant(null)).toBeNull();
  });

  it('links to the authorisation only by an http(s) address or a path of this site', () => {
    expect(readOpenAuthorizeUrl({ appId: 'wx1', authorizeUrl: '/sim/wx/authorize?appid=wx1' })).toBe('/sim/wx/authorize?appid=wx1');
    expect(readOpenAuthorizeUrl({ appId: 'wx1', authorizeUrl: 'https://open.example.com/connect' })).toBe('https://open.example.com/connect');
    expect(readOpenAuthorizeUrl({ appId: 'wx1', authorizeUrl: 'javascript:alert(1)' })).toBeNull();
    expect(readOpenAuthorizeUrl({ appId: 'wx1', authorizeUrl: '//evil.example.com/' })).toBeNull();
    expect(readOpenAuthorizeUrl({ appId: '', authorizeUrl: '/sim/wx/authorize' })).toBeNull();
    expect(readOpenAuthorizeUrl('nope')).toBeNull();
  });
});
