/**
 * `npm start` (after the client build): starts the reference room server and prints what
 * to open.
 */
import { loadServerConfig } from './config.js';
import { startServer } from './server.js';

async function main(): Promise<void> {
  const config = loadServerConfig();
  const server = await startServer(config, { logger: process.env.LOG_LEVEL === 'debug' });
  const base = config.publicUrl ?? server.url;
  console.log(`Reference room server listening on ${server.url}`);
  console.log(`  health:  ${base}/healthz`);
  console.log(`  metrics: ${base}/metrics`);
  console.log(`  data:    ${config.dataDir}`);

  const stop = (signal: string) => {
    console.log(`${signal}: closing`);
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
