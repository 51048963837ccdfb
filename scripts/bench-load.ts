import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

// The load generator of bench-api.ts, run in a worker thread so it does not share the server's
// event loop: `connections` keep-alive connections, each sending one request after another.

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | null;
  connections: number;
  durationMs: number;
}

export interface LoadResult {
  requests: number;
  non2xx: number;
  errors: number;
  elapsedMs: number;
  /** Latency of every completed request, in milliseconds. */
  latencies: number[];
}

function once(agent: http.Agent, spec: LoadSpec, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: spec.method, headers: spec.headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(spec.body ?? undefined);
  });
}

async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const url = new URL(spec.url);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const start = performance.now();
  const deadline = start + spec.durationMs;
  const connection = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const status = await once(agent, spec, url);
        latencies.push(performance.now() - t0);
        if (status < 200 || status >= 300) non2xx++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: spec.connections }, connection));
  const elapsedMs = performance.now() - start;
  agent.destroy();
  return { requests: latencies.length, non2xx, errors, elapsedMs, latencies };
}

if (parentPort) {
  const port = parentPort;
  runLoad(workerData as LoadSpec).then(
    (result) => port.postMessage(result),
    (e: unknown) => port.postMessage({ error: (e as Error).message }),
  );
}
