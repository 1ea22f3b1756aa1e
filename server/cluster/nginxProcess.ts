/**
 * Debian's nginx in front of nodes, for the proxy test and `npm run cluster -- --postgres`: a configuration of our own in a
 * folder we name, the repository's locations file (deploy/nginx/webcast-locations.conf)
 * included as it is, the nodes as the upstream, a free loopback port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { endProcess, localService, type LocalService } from './launch.js';
import { freePort } from './redisProcess.js';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
export const LOCATIONS_FILE = path.resolve(import.meta.dirname, '..', '..', 'deploy', 'nginx', 'webcast-locations.conf');

function configuration(dir: string, port: number, upstreams: readonly string[]): string {
  // The workers of a master started as root would run as nobody, who cannot enter our folder.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const temp = (name: string) => path.join(dir, name);
  return `
${user}
worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream webcast_nodes {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    include ${LOCATIONS_FILE};
  }
}
`;
}

async function waitUntilListening(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`nginx exited while starting (${child.exitCode ?? child.signalCode})`);
    try {
      await fetch(url);
      return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`nginx on ${url} did not come up within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** nginx on `port` (default: a free one) passing to `upstreams` (`host:port` each); `url` is http://127.0.0.1:port. */
export async function startNginx(dir: string, upstreams: readonly string[], options: { readonly port?: number } = {}): Promise<LocalService> {
  if (!fs.existsSync(NGINX)) throw new Error(`nginx is missing (${NGINX}): install Debian's nginx (apt-get install nginx), as .ci/run does`);
  fs.mkdirSync(dir, { recursive: true });
  const port = options.port ?? (await freePort());
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, configuration(dir, port, upstreams));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const launch = async () => {
    const started = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = started;
    let errors = '';
    started.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    try {
      await waitUntilListening(url, started, 10_000);
    } catch (error) {
      throw new Error(`${error instanceof Error ? error.message : String(error)}: ${errors}`, { cause: error });
    }
  };
  // QUIT: the graceful stop (open connections finish).
  const stop = () => endProcess(child, 'SIGQUIT');
  await launch();
  return localService(url, port, { launch, halt: stop, pid: () => (child as ChildProcess | null)?.pid ?? null });
}
