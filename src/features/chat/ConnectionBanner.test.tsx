// First render of the connection banner for each connection state.
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../realtime/realtimeApi';
import { IDLE_CONNECTION, realtimeStore } from '../../state/roomFeed';
import { ConnectionBanner } from './ConnectionBanner';
import { renderStatic } from './renderTesting';

const at = (connection: Partial<ConnectionStatus>) => {
  realtimeStore.connection = { ...IDLE_CONNECTION, ...connection };
  return renderStatic(<ConnectionBanner roomId="10001" />);
};

afterEach(() => {
  realtimeStore.connection = IDLE_CONNECTION;
});

describe('ConnectionBanner', () => {
  it('shows nothing while connecting or online', () => {
    expect(at({ state: 'online' })).toBe('');
    expect(at({ state: 'connecting' })).toBe('');
  });

  it('shows the reconnect attempt as a status', () => {
    const html = at({ state: 'reconnecting', attempt: 3 });
    expect(html).toContain('role="status" data-state="reconnecting"');
    expect(html).toContain('reconnecting (attempt 3)');
  });

  it('leads back to the room entry when the login ended elsewhere', () => {
    const html = at({ state: 'endedElsewhere' });
    expect(html).toContain('role="alert" data-state="endedElsewhere"');
    expect(html).toContain('logged in on another device');
    expect(html).toContain('href="/live/login/10001"');
  });

  it('offers a reload when reconnecting failed', () => {
    const html = at({ state: 'failed', attempt: 25 });
    expect(html).toContain('data-state="failed"');
    expect(html).toContain('>Reload</button>');
  });

  it('says why the login was refused: the code text, else the server message', () => {
    expect(at({ state: 'loginRejected', status: 4003, msg: 'x' })).toContain('The login was refused: You have been removed from the room');
    expect(at({ state: 'loginRejected', status: 9999, msg: 'bad sid' })).toContain('The login was refused: bad sid');
    expect(at({ state: 'loginRejected', status: null, msg: '' })).toContain('no reason given');
  });
});
