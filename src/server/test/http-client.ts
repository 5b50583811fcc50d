/** A tiny cookie-keeping HTTP client, so tests speak to the server as a browser would. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  setCookies: string[];
}

export class TestClient {
  private readonly jar = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Sends a request; a string body goes raw (for malformed-JSON tests), anything else as JSON. */
  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.jar.size) h.cookie = this.cookieHeader;
    if (body !== undefined) {
      h['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(`${this.baseUrl}${path}`, init);
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) this.remember(line);
    const text = await res.text();
    const parsed = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    return { status: res.status, body: parsed as T, headers: res.headers, setCookies };
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  patch<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body);
  }
  delete<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.request<T>('DELETE', path, body);
  }

  private remember(line: string): void {
    const [pair = '', ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some(
      (a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now(),
    );
    if (!value || expired) this.jar.delete(name);
    else this.jar.set(name, value);
  }
}
