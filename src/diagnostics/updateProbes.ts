/**
 * The one door from a tab's update handler to the probes the benchmarks and the chaos suite
 * turn on (a page sets a window global before the app loads): the update's cost
 * (updateCost.ts), the priority entries it carried (updateCost.ts), what the worker
 * delivered (deliveryLog.ts). With no probe on, as for every viewer, an update costs three
 * lookups and runs as it would without this module.
 */
import type { TabUpdate } from '../realtime/realtimeApi';
import { deliverySink, recordDelivery } from './deliveryLog';
import { measureUpdate, prioritySink, recordPriority, updateCostSink } from './updateCost';

/** Applies `update` of `roomId` with `apply`, recorded by whichever probes are on. */
export function applyProbed(roomId: string, update: TabUpdate, apply: () => void): void {
  const costs = updateCostSink();
  const priority = prioritySink();
  const deliveries = deliverySink();
  if (costs === null && priority === null && deliveries === null) {
    apply();
    return;
  }
  const started = costs === null ? 0 : performance.now();
  apply();
  const delta = update.delta;
  if (delta === undefined) return;
  if (costs !== null && document.visibilityState === 'visible') measureUpdate(costs, started);
  if (priority !== null) {
    recordPriority(priority, delta.append);
    recordPriority(priority, delta.replace);
  }
  if (deliveries !== null) recordDelivery(deliveries, roomId, delta);
}
