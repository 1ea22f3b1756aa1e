/**
 * The room server's other socket addresses from config.js (`sockets`), set once at start:
 * the realtime worker moves to the next of them when the login's node goes away. Kept apart
 * from the realtime connection so the start-up code does not load it.
 */
let addresses: readonly string[] = [];

export function setSocketAddresses(list: readonly string[]): void {
  addresses = [...list];
}

export const socketAddresses = (): readonly string[] => addresses;
