/**
 * Vitest setup (vite.config.ts setupFiles): after each test file, what it started that
 * lives on (a PostgreSQL cluster: atFileEnd) is ended, and the temporary data folders the
 * server harness made are removed, whichever test made them, so a run leaves nothing in the
 * system's temporary folder.
 */
import { afterAll } from 'vitest';
import { endTestFile } from './tempDirs.js';

afterAll(endTestFile);
