import { describe, expect, it } from 'vitest';
import type { SocketFactory } from './ports';

describe('ports', () => {
  it('takes the browser WebSocket as it stands (a typecheck of tsconfig.node.json, which has the DOM lib)', () => {
    const factory: SocketFactory = (url) => new WebSocket(url);
    expect(typeof factory).toBe('function');
  });
});
