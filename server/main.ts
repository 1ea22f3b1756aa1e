/**
 * `npm start` (after the client build): starts the reference room server, seeds the demo
 * data on first start and prints what to open: one login page per demo room, the admin
 * token's location and how to drive the rooms with `npm run room`.
 */
import path from 'node:path';
import { loadServerConfig } from './config.js';
import { startServer } from './server.js';
import { builtAppPrefix, demoRoomUrls, seedIfEmpty, type SeededRoom } from './seed/index.js';

/** A wildcard listen address is not something a browser can open. */
function openableBase(url: string): string {
  return url.replace('://0.0.0.0:', '://127.0.0.1:').replace('://[::]:', '://127.0.0.1:').replace('://:::', '://127.0.0.1:');
}

async function main(): Promise<void> {
  // The demo seed below has name-only directory accounts in mind (DIRECTORY_NAME_ONLY=0 turns them off).
  const config = loadServerConfig({ DIRECTORY_NAME_ONLY: '1', ...process.env });
  let rooms: SeededRoom[] = [];
  const server = await startServer(config, {
    logger: process.env.LOG_LEVEL === 'debug',
    beforeListen: async (ctx) => {
      rooms = await seedIfEmpty(ctx);
    },
  });
  const base = config.publicUrl ?? openableBase(server.url);
  const appPrefix = builtAppPrefix(config.clientDir);

  console.log(`Reference room server listening on ${server.url}`);
  console.log('');
  console.log('Demo rooms (open in a browser):');
  const links = demoRoomUrls(base, appPrefix, rooms);
  const width = Math.max(0, ...links.map((l) => l.url.length));
  for (const { room, url } of links) console.log(`  ${url.padEnd(width)}  ${room.title}: ${room.description}`);
  console.log('');
  console.log(`  health:  ${base}/healthz`);
  console.log(`  metrics: ${base}/metrics`);
  console.log(`  data:    ${config.dataDir}`);
  console.log(
    config.adminToken
      ? '  admin token: from ADMIN_TOKEN'
      : `  admin token: ${path.join(config.dataDir, 'admin-token')} (the room CLI reads it from there)`,
  );
  console.log('');
  console.log('Host control (another terminal):');
  console.log('  npm run room -- help');
  console.log(`  npm run room -- start ${rooms[0]?.id ?? '<room>'}`);
  console.log(`  npm run room -- say ${rooms[0]?.id ?? '<room>'} "Welcome everyone"`);
  console.log(`  npm run room -- burst ${rooms[0]?.id ?? '<room>'} --rate 100 --seconds 10`);
  if (base !== 'http://127.0.0.1:8080') console.log(`  (set ROOM_SERVER=${base} for the CLI)`);

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
