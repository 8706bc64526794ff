/**
 * Resident memory of the server and its renderer (the publishing process it forks), read from
 * `/proc/<pid>/status` (VmRSS) as the system sees it. Other processes the server starts (the
 * search indexer's pagefind) are not counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { statFields } from './process-cpu.ts';

export interface ResidentMemory {
  serverMb: number;
  rendererMb: number;
  totalMb: number;
}

export function residentMemory(serverPid: number): ResidentMemory {
  const serverMb = vmRssMb(serverPid);
  const rendererMb = childrenOf(serverPid)
    .filter(isRenderer)
    .reduce((sum, pid) => sum + vmRssMb(pid), 0);
  return { serverMb, rendererMb, totalMb: serverMb + rendererMb };
}

/** VmRSS in MB; 0 for a process that is gone. */
function vmRssMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The publishing process (publish/publish-process.ts), not the other helpers a server may start. */
function isRenderer(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('publish-process');
  } catch {
    return false;
  }
}

export function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    // The parent's pid is the 2nd field after the command (undefined: gone meanwhile).
    const fields = /^\d+$/.test(name) ? statFields(name) : undefined;
    if (fields && Number(fields[1]) === parent) children.push(Number(name));
  }
  return children;
}
