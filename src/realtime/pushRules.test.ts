import { describe, expect, it } from 'vitest';
import type { Frame } from '../protocol/frame';
import { CONTROL_PUSHES, decidePush } from './pushRules';

const push = (code: number, body: Record<string, unknown> = {}, mid: string | null = 'm-1'): Frame & { code: number } => ({
  code,
  seq: 0,
  mid,
  headers: {},
  body,
});

describe('decidePush', () => {
  it('lists exactly the twelve control pushes of PROTOCOL 2.2', () => {
    expect([...CONTROL_PUSHES].sort()).toEqual([6105, 6107, 6113, 6117, 6121, 6123, 6125, 6147, 6157, 6161, 6165, 6167]);
  });

  it.each([...CONTROL_PUSHES])('acks control push %i with code + 1 and the push mid, then passes it on', (code) => {
    expect(decidePush(push(code, { x: 1 }, 'push-mid'))).toEqual({
      kind: 'pass',
      ack: { code: code + 1, body: { mid: 'push-mid' } },
      warning: null,
    });
  });

  it('passes a control push without a mid on unacknowledged, with a warning', () => {
    const action = decidePush(push(6105, {}, null));
    expect(action.kind).toBe('pass');
    if (action.kind !== 'pass') return;
    expect(action.ack).toBeNull();
    expect(action.warning).toContain('6105');
  });

  it('acks 4201 with 4102 and 4133 with 4134, echoing the body', () => {
    expect(decidePush(push(4201, { a: 1 }))).toEqual({ kind: 'pass', ack: { code: 4102, body: { a: 1 } }, warning: null });
    expect(decidePush(push(4133, { b: 2 }))).toEqual({ kind: 'pass', ack: { code: 4134, body: { b: 2 } }, warning: null });
  });

  it('ignores 9002 and consumes heartbeat replies', () => {
    expect(decidePush(push(9002))).toEqual({ kind: 'ignore' });
    expect(decidePush(push(9000))).toEqual({ kind: 'heartbeatReply' });
  });

  it('ends the login on 9004', () => {
    expect(decidePush(push(9004))).toEqual({ kind: 'endedElsewhere' });
  });

  it('reads 1100: accepted only on status 200', () => {
    expect(decidePush(push(1100, { status: 200, userId: 'u' }))).toEqual({ kind: 'loginResult', accepted: true, status: 200, msg: null });
    expect(decidePush(push(1100, { status: 402, msg: 'expired' }))).toEqual({
      kind: 'loginResult',
      accepted: false,
      status: 402,
      msg: 'expired',
    });
    expect(decidePush(push(1100, { status: '200' }))).toEqual({ kind: 'loginResult', accepted: false, status: null, msg: null });
    expect(decidePush(push(1100, {}))).toMatchObject({ kind: 'loginResult', accepted: false });
  });

  it.each([7101, 7127, 4101, 4109, 1103, 6106, 6108])('passes push %i on without an ack', (code) => {
    expect(decidePush(push(code))).toEqual({ kind: 'pass', ack: null, warning: null });
  });
});
