/** A failed answer: `status` 0 means no answer at all (offline, connection lost, timeout). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface FrameHttpDeps {
  baseUrl: string;
  fetch?: typeof fetch;
  token: () => string | null;
  /** Told of a 401 on a call that carried a session. */
  onSessionExpired: () => void;
  /** The words for no answer at all (and for a 5xx without a message). */
  noAnswer: string;
  timeoutMs?: number;
}

/** A frame's JSON calls to its own service: bearer session, timeout, and errors as ApiError with the service's words. */
export class FrameHttp {
  constructor(private readonly deps: FrameHttpDeps) {}

  /** `answered` lists statuses besides 2xx whose body is an answer to read, not an error (a 422 refusal). */
  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    { answered = [] as number[] } = {},
  ): Promise<{ status: number; data: T }> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = this.deps.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.deps.timeoutMs ?? 15_000);
    let response: Response;
    try {
      response = await (this.deps.fetch ?? fetch)(`${this.deps.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch {
      throw new ApiError(0, this.deps.noAnswer);
    } finally {
      clearTimeout(timer);
    }
    let data: unknown = null;
    if (response.status !== 204) data = await response.json().catch(() => null);
    if (response.ok || answered.includes(response.status)) return { status: response.status, data: data as T };
    const error = (data ?? {}) as { message?: string; code?: string };
    if (response.status === 401 && token) this.deps.onSessionExpired();
    throw new ApiError(
      response.status,
      error.message || (response.status >= 500 ? this.deps.noAnswer : 'Something went wrong'),
      error.code,
      data,
    );
  }
}
