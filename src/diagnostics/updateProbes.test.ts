import { afterEach, describe, expect, it } from 'vitest';
import type { ChatEntry } from '../realtime/chatEntry';
import type { TabUpdate } from '../realtime/realtimeApi';
import type { DeliveryRecord } from './deliveryLog';
import { applyProbed } from './updateProbes';

type ProbeGlobals = { __webcastDeliveries?: unknown; __webcastPriorityIds?: unknown; __webcastUpdateCosts?: unknown };
const probes = globalThis as ProbeGlobals;

const entry = (offset: number, extra: Partial<ChatEntry> = {}): ChatEntry =>
  ({ offset, msgId: `m${offset}`, text: `t${offset}`, mine: false, mentionsMe: false, role: 1, ...extra }) as ChatEntry;
const update: TabUpdate = { delta: { append: [entry(1), entry(2, { mine: true })], withdraw: [] } };

afterEach(() => {
  delete probes.__webcastDeliveries;
  delete probes.__webcastPriorityIds;
  delete probes.__webcastUpdateCosts;
});

describe('applyProbed', () => {
  it('with no probe on, applies the update once and records nothing', () => {
    let applied = 0;
    applyProbed('r', update, () => applied++);
    expect(applied).toBe(1);
  });

  it('records what the worker delivered and the priority entries, after applying', () => {
    const deliveries: DeliveryRecord[] = [];
    const priority = new Map<string, string>();
    probes.__webcastDeliveries = deliveries;
    probes.__webcastPriorityIds = priority;
    const order: string[] = [];
    applyProbed('r', update, () => order.push(`applied with ${deliveries.length} records`));
    expect(order).toEqual(['applied with 0 records']);
    expect(deliveries).toEqual([{ roomId: 'r', append: [1, 2], replace: null, notShown: [], sync: null }]);
    expect([...priority]).toEqual([['m2', 't2']]);
  });

  it('an update without chat (a connection state) is applied and recorded by no probe', () => {
    const deliveries: DeliveryRecord[] = [];
    probes.__webcastDeliveries = deliveries;
    let applied = 0;
    applyProbed('r', { connection: { state: 'online', attempt: 0, status: null, msg: null } }, () => applied++);
    expect(applied).toBe(1);
    expect(deliveries).toEqual([]);
  });
});
