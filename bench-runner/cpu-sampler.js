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
 * Starts measuring; `stop(ownCpuSeconds)` returns the outside load in cores.
 * @returns {{ stop: (ownCpuSeconds: number) => { machineCores: number, ownCores: number, outsideCores: number } }}
 */
export function startCpuSample() {
  const machineStart = machineCpuSeconds();
  const selfStart = process.cpuUsage();
  const started = process.hrtime.bigint();
  return {
    stop(ownCpuSeconds) {
      const wall = Math.max(1e-3, Number(process.hrtime.bigint() - started) / 1e9);
      const self = process.cpuUsage(selfStart);
      const machine = machineCpuSeconds() - machineStart;
      const own = ownCpuSeconds + (self.user + self.system) / 1e6;
      return {
        machineCores: machine / wall,
        ownCores: own / wall,
        outsideCores: Math.max(0, (machine - own) / wall),
      };
    },
  };
}
