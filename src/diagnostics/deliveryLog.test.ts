import { describe, expect, it } from 'vitest';
import type { ChatEntry } from '../realtime/chatEntry';
import { deliverySink, recordDelivery, type DeliveryRecord } from './deliveryLog';

const entry = (offset: number): ChatEntry => ({ offset, msgId: `m${offset}` }) as ChatEntry;

describe('deliveryLog', () => {
  it('keeps nothing unless the page asked for it', () => {
    expect(deliverySink()).toBeNull();
    (globalThis as { __webcastDeliveries?: unknown }).__webcastDeliveries = [];
    try {
      expect(deliverySink()).toEqual([]);
    } finally {
      delete (globalThis as { __webcastDeliveries?: unknown }).__webcastDeliveries;
    }
  });

  it('records offsets appended or replaced, and marks by the offset of the entry they stand before', () => {
    const sink: DeliveryRecord[] = [];
    recordDelivery(sink, 'r', { append: [entry(5), entry(9)], withdraw: [], gaps: { m9: 3 } });
    recordDelivery(sink, 'r', { append: [], withdraw: [], replace: [entry(10), entry(11)] });
    recordDelivery(sink, 'r', { append: [], withdraw: ['m5'] });
    expect(sink).toEqual([
      { roomId: 'r', append: [5, 9], replace: null, notShown: [[9, 3]], sync: null },
      { roomId: 'r', append: [], replace: [10, 11], notShown: [], sync: null },
    ]);
  });
});
