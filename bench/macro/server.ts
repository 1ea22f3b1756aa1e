/**
 * What the macro benchmark reads of Chromium besides its pages: the CPU time of its
 * processes by type (/proc). The server and the client build are harness/serverProcess.ts.
 */
import fs from 'node:fs';
import { processCpuMs } from '../../harness/serverProcess';

/**
 * CPU time (ms) of the Chromium processes under a process tree (this process's: the
 * browser Playwright launched), grouped by Chromium process type (browser, renderer,
 * gpu-process, utility:<sub-type>, zygote).
 */
export function treeCpuByType(rootPid: number): Record<string, number> {
  const children = new Map<number, number[]>();
  let pids: number[];
  try {
    pids = fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return {};
  }
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(pid);
      children.set(ppid, list);
    } catch {
      // gone meanwhile
    }
  }
  const out: Record<string, number> = {};
  const visit = (pid: number): void => {
    let type: string | null = null;
    try {
      // Chromium rewrites its children's command line into one space-separated string.
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      if ((cmd[0] ?? '').includes('chrom')) type = 'browser';
      const flag = cmd.find((a) => a.startsWith('--type='));
      if (type !== null && flag !== undefined) type = flag.slice(7);
      const sub = cmd.find((a) => a.startsWith('--utility-sub-type='));
      if (type !== null && sub !== undefined) type = `utility:${sub.slice(19).split('.').pop() ?? ''}`;
    } catch {
      // gone meanwhile
    }
    const cpu = processCpuMs(pid);
    if (type !== null && Number.isFinite(cpu)) out[type] = (out[type] ?? 0) + cpu;
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return out;
}
