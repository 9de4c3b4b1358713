/** Fetch helpers with the error rules of spec section 8. Every call carries the session cookie. */

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

type RequestOptions = { nullOn401?: boolean };

async function messageOf(res: Response): Promise<string> {
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      const body = (await res.json()) as { message?: unknown };
      if (typeof body?.message === "string" && body.message) return body.message;
    } catch {
      // Fall through to the status line.
    }
  }
  return `${res.status}: ${res.statusText}`;
}

/**
 * JSON helper: throws the response's `message` when the body is JSON, otherwise
 * '{status}: {statusText}'. With `nullOn401`, a 401 resolves to null instead of throwing.
 */
export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (options.nullOn401 && res.status === 401) return null as T;
  if (!res.ok) throw new ApiError(res.status, await messageOf(res));
  if (res.status === 204) return null as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** The default data query: GET the key path, '{status}: {body text or status text}' on failure. */
export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: "include", headers: { Accept: "application/json" } });
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`);
  }
  return (await res.json()) as T;
}

export function errorMessage(error: unknown, fallback = "Unknown error"): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
