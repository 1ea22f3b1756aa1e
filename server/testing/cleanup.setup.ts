/**
 * Vitest setup (vite.config.ts setupFiles): after each test file, the temporary data
 * folders the server harness made are removed, whichever test made them, so a run leaves
 * nothing in the system's temporary folder.
 */
import { afterAll } from 'vitest';
import { removeTempDirs } from './tempDirs.js';

afterAll(removeTempDirs);
