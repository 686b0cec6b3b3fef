import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * Machine-wide CPU time, to notice outside load during a slice: the CPU the whole machine used
 * minus what our own processes (both servers, the load generator, this runner) used.
 * `os.cpus()` times are cumulative milliseconds per core on every platform Node supports.
 */
export function machineCpuSeconds() {
  let busy = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    busy += t.user + t.nice + t.sys + t.irq;
  }
  return busy / 1000;
}

/**
 * The machine's cumulative CPU ticks from Linux's /proc/stat: all of them, and those "stolen" by
 * the hypervisor for other virtual machines (time this one wanted to run but could not). Null
 * where there is no /proc/stat (macOS, Windows): the report then says steal was not measured.
 * @param {string} [text] the file's contents (tests pass their own)
 * @returns {{ total: number, steal: number } | null}
 */
export function readStealTicks(text) {
  let stat = text;
  if (stat === undefined) {
    try {
      // /proc/stat is generated from kernel memory, never the disk; the sync read takes microseconds
      // and keeps the sample's start and end next to the other synchronous CPU readings.
      stat = readFileSync('/proc/stat', 'utf8');
    } catch {
      return null;
    }
  }
  const line = stat.split('\n').find((l) => /^cpu\s/.test(l));
  if (!line) return null;
  // user nice system idle iowait irq softirq steal guest guest_nice; guest time is already in user.
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (fields.length < 8 || fields.some((x) => !Number.isFinite(x))) return null;
  return { total: fields.reduce((a, b) => a + b, 0), steal: fields[7] };
}

/**
 * Starts measuring; `stop(ownCpuSeconds)` returns the outside load in cores and the share of
 * the machine's CPU time stolen by the hypervisor (null when not measurable).
 * @returns {{ stop: (ownCpuSeconds: number) => { machineCores: number, ownCores: number, outsideCores: number, stealShare: number | null } }}
 */
export function startCpuSample() {
  const stealStart = readStealTicks();
  const machineStart = machineCpuSeconds();
  const selfStart = process.cpuUsage();
  const started = process.hrtime.bigint();
  return {
    stop(ownCpuSeconds) {
      const wall = Math.max(1e-3, Number(process.hrtime.bigint() - started) / 1e9);
      const self = process.cpuUsage(selfStart);
      const machine = machineCpuSeconds() - machineStart;
      const own = ownCpuSeconds + (self.user + self.system) / 1e6;
      const stealEnd = stealStart && readStealTicks();
      const ticks = stealStart && stealEnd ? stealEnd.total - stealStart.total : 0;
      return {
        stealShare: stealStart && stealEnd && ticks > 0 ? (stealEnd.steal - stealStart.steal) / ticks : null,
        machineCores: machine / wall,
        ownCores: own / wall,
        outsideCores: Math.max(0, (machine - own) / wall),
      };
    },
  };
}
