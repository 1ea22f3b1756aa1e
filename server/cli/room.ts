/**
 * `npm run room -- <command> [args]`: host control of the reference room server for demos,
 * tests and benchmarks, over its admin API. `npm run room -- help` lists the commands.
 */
import { parseCommand } from './commands.js';
import { adminTokenFrom, DEFAULT_ROOM_SERVER, EXIT, sendAdminCall } from './adminClient.js';

async function main(): Promise<number> {
  const parsed = parseCommand(process.argv.slice(2));
  if (parsed.kind === 'help') {
    console.log(parsed.text);
    return EXIT.ok;
  }
  if (parsed.kind === 'usage') {
    console.error(parsed.error);
    return EXIT.usage;
  }
  const token = adminTokenFrom(process.env, process.cwd());
  if (token === null) {
    console.error('no admin token: set ADMIN_TOKEN, or run from the directory whose DATA_DIR holds admin-token (start the server once)');
    return EXIT.refused;
  }
  const outcome = await sendAdminCall(parsed.call, process.env.ROOM_SERVER || DEFAULT_ROOM_SERVER, token);
  (outcome.exitCode === EXIT.ok ? console.log : console.error)(outcome.text);
  return outcome.exitCode;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = EXIT.refused;
  },
);
