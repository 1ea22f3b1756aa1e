/** The :httpStatus segment of /error/{httpStatus}: a three-digit HTTP status, else null. */
export function parseHttpStatus(segment: string | undefined): number | null {
  if (segment === undefined || !/^[1-5]\d\d$/.test(segment)) return null;
  return Number(segment);
}
