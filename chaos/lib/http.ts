/**
 * One raw HTTP request for the chaos scenarios (node:http: the path goes out exactly as
 * written, dot segments included; an agent of the caller's when connections must be pooled
 * as a tab's are), and how an answer is read and tallied.
 */
import http from 'node:http';

export interface Answer {
  /** HTTP status; -1 when no answer came (refused, reset, cut). */
  readonly status: number;
  readonly text: string;
}

export function rawRequest(base: string, method: string, pathname: string, headers: Record<string, string> = {}, body?: string | Buffer, agent?: http.Agent): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve) => {
    // The answer as far as it came: a status once the headers are in, then its chunks.
    let status = -1;
    const chunks: Buffer[] = [];
    const answer = (): Answer => ({ status, text: Buffer.concat(chunks).toString('utf8') });
    const request = http.request(
      { host: url.hostname, port: url.port, method, path: pathname, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        status = response.statusCode ?? 0;
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(answer()));
        response.on('error', () => resolve({ status: -1, text: '' }));
      },
    );
    // A refused connection or a reset is an answer too (-1): the scenarios count it as such.
    // An answer that came before the reset (the server refused the body before it was all
    // written, docs/protocol.md 5) is read as what it is.
    request.on('error', () => resolve(answer()));
    request.end(body);
  });
}

/** The envelope's code, or null when the answer is not an envelope. */
export function envelopeCode(answer: Answer): number | null {
  try {
    const parsed = JSON.parse(answer.text) as { code?: unknown };
    return typeof parsed === 'object' && parsed !== null && Number.isInteger(parsed.code) ? (parsed.code as number) : null;
  } catch {
    return null;
  }
}

/** How an answer is tallied: its envelope code on HTTP 200, else its HTTP status, or "no answer". */
export function answerKey(answer: Answer): string {
  if (answer.status === -1) return 'no answer';
  return answer.status === 200 ? String(envelopeCode(answer) ?? 'not an envelope') : `HTTP ${answer.status}`;
}

/** The headers of a viewer's call with a session (docs/protocol.md 1.2), JSON body. */
export const viewerHeaders = (token: string): Record<string, string> => ({ 'content-type': 'application/json', token, token_type: 'guest' });

/** A viewer's call: GET with a query, or POST with a JSON body; the raw answer. */
export function viewerRequest(base: string, token: string, method: 'GET' | 'POST', pathname: string, fields: Record<string, unknown>): Promise<Answer> {
  const query = method === 'GET' ? `?${new URLSearchParams(fields as Record<string, string>).toString()}` : '';
  return rawRequest(base, method, pathname + query, viewerHeaders(token), method === 'POST' ? JSON.stringify(fields) : undefined);
}

/** The envelope's `data` object ({} when there is none). */
export function envelopeData(answer: Answer): Record<string, unknown> {
  try {
    const data = (JSON.parse(answer.text) as { data?: unknown }).data;
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
