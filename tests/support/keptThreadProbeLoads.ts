// How many times this module was evaluated in its thread: once while the thread is kept.
const counts = globalThis as { keptThreadProbeLoads?: number };
export const loads = (counts.keptThreadProbeLoads = (counts.keptThreadProbeLoads ?? 0) + 1);
