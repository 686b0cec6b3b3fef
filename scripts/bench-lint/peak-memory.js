/**
 * A process's own peak resident memory, for the lint benches.
 *
 * `process.resourceUsage().maxRSS` is not it on Linux: a child started by `spawn` begins as a
 * fork of its parent, and the kernel keeps the fork's high-water mark in the child's maxRSS across
 * the exec. A bench process holding 1 GB when it starts a lint makes that lint's "peak" 1 GB
 * whatever the lint used (bench:monorepo once printed 1,590 MB for a 6,500-file lint that peaked
 * at 600 MB). `VmHWM` in /proc/self/status is the high-water mark of the process's own address
 * space, made at exec; where there is no /proc, maxRSS is the figure there is.
 */
import fs from 'node:fs';

/** @returns {number} megabytes */
export function ownPeakRssMb() {
  const hwm = highWaterMarkKb();
  return (hwm ?? process.resourceUsage().maxRSS) / 1024;
}

/** @returns {number | null} VmHWM in kB, or null where the system does not tell it */
function highWaterMarkKb() {
  try {
    const match = /^VmHWM:\s*(\d+)\s*kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}
