/**
 * Calls on a running reference server, for the browser tests' own servers
 * (tests/e2e/support/ownServer.ts) and those of the benchmarks and the chaos suite
 * (harness/serverProcess.ts): one Prometheus metric, one admin call.
 */

/** The value of one metric line of `/metrics` (the first series of that name). */
export async function readMetric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  if (line === undefined) throw new Error(`no metric ${name}`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** An admin API call (GET without a body, POST with one); throws unless the envelope's code is 200. */
export async function adminCall<T>(url: string, adminToken: string, pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-admin-token': adminToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg?: string; data: T };
  if (envelope.code !== 200) throw new Error(`admin ${pathname}: ${envelope.code} ${envelope.msg ?? ''}`);
  return envelope.data;
}
