/**
 * The load generator, in a process of its own so it never shares an event loop with a server it
 * measures. The parent (bench/lib.ts) sends one run at a time over IPC and gets autocannon's
 * summary back.
 */
import autocannon from "autocannon";

export type LoadRun = {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
};

export type LoadResult = {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerResponse: number;
};

process.on("message", async (run: LoadRun) => {
  const r = await autocannon({
    url: run.url,
    method: run.method,
    headers: run.headers,
    body: run.body,
    connections: run.connections,
    duration: run.durationSeconds,
  });
  const result: LoadResult = {
    requests: r.requests.total,
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerResponse: r.requests.total > 0 ? Math.round(r.throughput.total / r.requests.total) : 0,
  };
  process.send?.(result);
});
