/**
 * Retries rate-limited and failed provider calls with exponential backoff and full jitter,
 * a bounded number of times, honouring Retry-After when the provider sends one.
 */
export type RetryPolicy = { attempts: number; baseDelayMs: number; maxDelayMs: number };

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 500, maxDelayMs: 16_000 };

const RETRYABLE = new Set([429, 500, 502, 503, 504]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ProviderHttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  policy: RetryPolicy,
  isRetryable: (res: Response) => Promise<boolean> = async (res) => RETRYABLE.has(res.status),
): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    let res: Response | undefined;
    let networkError: unknown;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    } catch (err) {
      networkError = err;
    }
    const retry = res ? await isRetryable(res) : true;
    if (!retry && res) return res;
    if (attempt >= policy.attempts) {
      if (res) return res;
      throw networkError;
    }
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
    const retryAfter = Number(res?.headers.get("retry-after"));
    const wait =
      Number.isFinite(retryAfter) && retryAfter > 0
        ? Math.min(retryAfter * 1000, policy.maxDelayMs)
        : Math.random() * ceiling;
    await res?.body?.cancel();
    await sleep(wait);
  }
}
