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

/** The sum of every series of one metric of `/metrics` (0 when it has none yet: a labelled counter before its first count). */
export async function readMetricSum(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n')) if (line.startsWith(`${name} `) || line.startsWith(`${name}{`)) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  return sum;
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
