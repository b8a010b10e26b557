/*
 * A stand-in for Windows' bcryptprimitives.dll, which Wine 8 (Debian 12) lacks: its one
 * function that Rust's standard library imports (for the keys of its hash maps), ProcessPrng,
 * here over RtlGenRandom. Built into the test Wine prefix's system32 by scripts/lib/targets.sh;
 * Windows 10 and later have the real one, so halma.dll ships without it.
 */
#include <windows.h>
#include <ntsecapi.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!RtlGenRandom(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
