// CPU time used by the local PostgreSQL server's processes (backends included: an ended backend's
// time is in its postmaster's children's time), read from /proc. The transfers bench prints it per
// transfer beside the WMS server's own CPU. Null where /proc or the processes cannot be read.
import fs from 'node:fs';

const ticksPerSecond = 100; // Linux USER_HZ

/** Total CPU seconds of every process named postgres, or null. */
export function postgresCpuSeconds() {
  let ticks = 0;
  let found = false;
  let entries;
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const close = stat.lastIndexOf(')');
    const name = stat.slice(stat.indexOf('(') + 1, close);
    if (name !== 'postgres') continue;
    // Fields after the name: state is field 3; utime, stime, cutime, cstime are fields 14-17.
    const fields = stat.slice(close + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    found = true;
  }
  return found ? ticks / ticksPerSecond : null;
}
