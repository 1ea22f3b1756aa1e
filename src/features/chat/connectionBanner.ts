/** Which connection banner to show for a connection state (none while things are normal). */
import type { ConnectionStatus } from '../../realtime/realtimeApi';

export type BannerKind = 'reconnecting' | 'endedElsewhere' | 'failed' | 'loginRejected';

export function bannerKind(connection: Pick<ConnectionStatus, 'state'>): BannerKind | null {
  switch (connection.state) {
    case 'reconnecting':
    case 'endedElsewhere':
    case 'failed':
    case 'loginRejected':
      return connection.state;
    default:
      // idle, connecting and loggingIn are the normal start; closed is the viewer's own doing.
      return null;
  }
}

/** Whether a banner is an alert (the viewer must act) rather than a passing status. */
export function bannerIsAlert(kind: BannerKind): boolean {
  return kind !== 'reconnecting';
}
