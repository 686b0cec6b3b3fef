// Which platform a native module (.node file) was built for, read from its header: ELF (Linux),
// Mach-O (macOS) or PE (Windows), and the machine it names. Lets the .vsix check prove a binding
// fits its target by its bytes, not only by its package's name.

/** Bytes of a file's start that hold the header fields read here (PE's can start a few hundred bytes in). */
export const HEADER_BYTES = 4096;

const ELF_MACHINES = { 0x3e: 'x64', 0xb7: 'arm64' };
const MACHO_CPUS = { 0x01000007: 'x64', 0x0100000c: 'arm64' };
const PE_MACHINES = { 0x8664: 'x64', 0xaa64: 'arm64' };

/**
 * @param {Buffer} header the file's first bytes (HEADER_BYTES is enough)
 * @returns {{ os: string, cpu: string } | undefined} Node's names (linux/darwin/win32, x64/arm64);
 *   undefined for a format or machine not known here
 */
export function nativeFormat(header) {
  if (header.length >= 20 && header.readUInt32BE(0) === 0x7f454c46) {
    // ELF; byte 5 says the byte order of the fields after it.
    const machine = header[5] === 2 ? header.readUInt16BE(18) : header.readUInt16LE(18);
    return known('linux', ELF_MACHINES[machine]);
  }
  if (header.length >= 8 && header.readUInt32LE(0) === 0xfeedfacf) {
    return known('darwin', MACHO_CPUS[header.readUInt32LE(4)]);
  }
  if (header.length >= 0x40 && header.toString('latin1', 0, 2) === 'MZ') {
    const pe = header.readUInt32LE(0x3c);
    if (pe + 6 <= header.length && header.toString('latin1', pe, pe + 4) === 'PE\0\0') return known('win32', PE_MACHINES[header.readUInt16LE(pe + 4)]);
  }
  return undefined;
}

/**
 * @param {string} os
 * @param {string | undefined} cpu
 */
function known(os, cpu) {
  return cpu ? { os, cpu } : undefined;
}
