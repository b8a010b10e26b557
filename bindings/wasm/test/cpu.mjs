// A thread's CPU time in milliseconds, from Linux's /proc (schedstat: nanoseconds on the
// CPU), so that the speed figures count the time a search ran, not the time it waited for a
// core on a shared machine. Null where /proc does not tell it.
import { readFileSync, readdirSync } from 'node:fs';

/** The CPU time of thread `tid` of process `pid` ('self' and 'thread-self' for the caller). */
export function cpuMs(path = '/proc/thread-self') {
  try {
    return Number(readFileSync(`${path}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch (_) {
    return null;
  }
}

/** The process ids of Chromium's renderers running now. */
export function renderers() {
  const pids = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) pids.push(pid);
    } catch (_) { /* gone */ }
  }
  return pids;
}
