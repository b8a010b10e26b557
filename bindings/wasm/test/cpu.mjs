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

/** The parent of process `pid`, or null. */
function parent(pid) {
  try {
    // After the command's closing parenthesis: state, then the parent's id.
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1];
  } catch (_) {
    return null;
  }
}

/**
 * The process ids of the Chromium renderers of web pages this process started (its
 * descendants: others' browsers on a shared machine are not ours to time; and not the
 * browser's own user interface renderer, `--top-chrome-webui`, which is busy at times too).
 */
export function renderers() {
  const pids = [];
  const ours = String(process.pid);
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      // Chromium rewrites its command line as one string: its words split by blanks or NULs.
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\s\0]+/);
      if (!args.includes('--type=renderer') || args.includes('--top-chrome-webui')) continue;
    } catch (_) { continue; /* gone */ }
    let up = parent(pid);
    for (let hops = 0; up && up !== '0' && up !== ours && hops < 16; hops++) up = parent(up);
    if (up === ours) pids.push(pid);
  }
  return pids;
}
