import { describe, expect, it } from 'vitest';
import { parseHttpStatus } from './httpStatus';

describe('parseHttpStatus', () => {
  it.each([
    ['503', 503],
    ['404', 404],
    ['418', 418],
    ['100', 100],
    ['599', 599],
  ])('reads %j', (segment, status) => expect(parseHttpStatus(segment)).toBe(status));

  it.each([undefined, '', 'abc', '5030', '50', '600', '099', ' 503', '503 ', '5e2'])('rejects %j', (segment) => {
    expect(parseHttpStatus(segment)).toBeNull();
  });
});
