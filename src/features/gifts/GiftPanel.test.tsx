// The gift panel as rendered in each state of a payment, in two languages.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api';
import { giftOrder } from '../../domain/giftOrder';
import { nextPayment, PAYMENT_IDLE, type PaymentState } from '../../domain/payment';
import { GiftPanel, type GiftPanelProps } from './GiftPanel';
import { readGiftList } from './giftsData';
import { isKnownRefusal } from '../../ui/useMoneyCall';
import { renderStatic } from '../../ui/staticRender';

const noop = () => undefined;
const LIST = readGiftList({
  enabled: true,
  list: [
    { gift: 'rocket', title: 'Rocket', price: '50.00' },
    { gift: 'rose', title: 'Rose', price: '0.10' },
    { gift: 'heart', title: 'Heart', price: '0.50' },
  ],
});
const rose = LIST.offers[0]!;

function render(props: Partial<GiftPanelProps>, lng: 'en_us' | 'zh_cn' = 'en_us'): string {
  const full: GiftPanelProps = { titleId: 't', list: LIST, loadFailed: false, payment: PAYMENT_IDLE, onRetryLoad: noop, onPay: noop, onCheckNow: noop, onClose: noop, ...props };
  return renderStatic(<GiftPanel {...full} />, { lng });
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('gift panel', () => {
  it('lists the gifts in SPEC order with their prices, the first chosen, and its total', () => {
    const html = text(render({}));
    expect(html.indexOf('Rose')).toBeLessThan(html.indexOf('Heart'));
    expect(html.indexOf('Heart')).toBeLessThan(html.indexOf('Rocket'));
    expect(html).toContain('CN¥0.10');
    expect(html).toContain('Total CN¥0.10');
    expect(render({})).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="rose"/);
    expect(text(render({}, 'zh_cn'))).toContain('合计 ¥0.10');
  });

  it('says when rewards are disabled, while loading, and when loading failed', () => {
    expect(text(render({ list: readGiftList({ enabled: false, list: [] }) }, 'zh_cn'))).toContain('打赏已关闭');
    expect(text(render({ list: null }))).toContain('Loading gifts');
    expect(text(render({ list: null, loadFailed: true }))).toContain('The gifts could not be loaded. Retry');
  });

  it('paying, checking (the money may have moved: never "failed"), paid and refused', () => {
    const order = giftOrder(rose, 10);
    const paying = nextPayment<typeof order, unknown>(PAYMENT_IDLE, { type: 'pay', key: 'k', order });
    expect(text(render({ payment: paying }))).toContain('Paying…');
    expect(render({ payment: paying })).toMatch(/<button type="button" class="button button--primary" disabled=""/);
    const checking: PaymentState<typeof order> = nextPayment(paying, { type: 'unknown' });
    const checkingText = text(render({ payment: checking }));
    expect(checkingText).toContain('checking whether the payment went through');
    expect(checkingText).toContain('Check now');
    expect(checkingText).not.toMatch(/fail/i);
    expect(text(render({ payment: nextPayment(checking, { type: 'paid', answer: null }) }))).toContain('Sent Rose ×10, CN¥1.00 in all');
    expect(text(render({ payment: nextPayment(paying, { type: 'refused', reason: 'rewards are disabled' }) }))).toContain('Payment not made: rewards are disabled. Nothing was charged.');
    expect(text(render({ payment: nextPayment(checking, { type: 'paid', answer: null }) }, 'zh_cn'))).toContain('已送出 玫瑰 ×10，共 ¥1.00');
  });
});

describe('gift list answer', () => {
  it('keeps known gifts with yuan prices, one each, and reads a missing flag as enabled', () => {
    const list = readGiftList({ list: [{ gift: 'rose', price: '0.1' }, { gift: 'rose', price: '9.00' }, { gift: 'tank', price: '1.00' }, { gift: 'heart', price: 0.5 }, { gift: 'balloon', price: '0' }, null] });
    expect(list.enabled).toBe(true);
    expect(list.offers).toEqual([{ gift: 'rose', title: 'rose', price: '9.00' }]);
    expect(readGiftList('nonsense')).toEqual({ enabled: false, offers: [] });
  });
});

describe('what an error says about the money', () => {
  it('a business refusal, a call never sent or a 4xx did not move it; a timeout, the network or a 5xx may have', () => {
    const error = (kind: ApiError['kind'], status?: number) => new ApiError({ kind, messageKey: 'x', ...(status === undefined ? {} : { status }) });
    expect(isKnownRefusal(error('business'))).toBe(true);
    expect(isKnownRefusal(error('invalid'))).toBe(true);
    expect(isKnownRefusal(error('http', 403))).toBe(true);
    for (const unknown of [error('timeout'), error('network'), error('malformed'), error('aborted'), error('http', 502), error('http', 408)]) expect(isKnownRefusal(unknown)).toBe(false);
  });
});
