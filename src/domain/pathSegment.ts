/**
 * One path parameter as a URL segment, or null when it cannot be one: an empty value, and
 * `.` or `..`, which the URL parser resolves as dot segments (spelled %2E too) and so would
 * send the call to another path.
 */
export function pathSegment(value: string): string | null {
  const encoded = encodeURIComponent(value);
  return /^(?:\.|\.\.)?$/.test(encoded) ? null : encoded;
}
