import type { PlatformAnswer } from './classify.ts';

/** The publisher was told to stop (deps.signal): leave everything as a crash would. */
export class PublisherStopped extends Error {
  constructor() {
    super('The publisher was stopped');
    this.name = 'PublisherStopped';
  }
}

export interface SendOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * One platform request with a deadline. Answers status, headers and the parsed body; throws what
 * fetch threw (the caller classifies it), or PublisherStopped when deps.signal ended the run.
 */
export async function send(
  url: URL,
  init: RequestInit,
  opts: SendOptions,
): Promise<PlatformAnswer> {
  if (opts.signal?.aborted) throw new PublisherStopped();
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
  try {
    const res = await opts.fetch(url, { ...init, redirect: 'manual', signal });
    const raw = await res.text();
    let body: unknown = null;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
    }
    return { status: res.status, headers: res.headers, body };
  } catch (e) {
    if (opts.signal?.aborted) throw new PublisherStopped();
    // AbortSignal.timeout aborts with a TimeoutError; make sure the name survives any wrapping.
    if (timeout.aborted) {
      const err = new Error('timed out');
      err.name = 'TimeoutError';
      throw err;
    }
    throw e;
  }
}
