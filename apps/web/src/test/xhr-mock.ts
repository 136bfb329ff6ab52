import { vi } from 'vitest';

interface XhrRequest {
  method: string;
  url: string;
  body: FormData | null;
  /** Completes the request with a JSON reply. */
  respond(status: number, body: unknown): void;
  progress(percent: number): void;
}

/**
 * Stubs XMLHttpRequest (used by api.upload). With `auto`, every request answers at once;
 * otherwise requests wait until the test calls respond().
 */
export function mockXhr(auto?: (req: XhrRequest) => { status: number; body: unknown }) {
  const requests: XhrRequest[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    private listeners: Record<string, (() => void)[]> = {};
    private progressListeners: ((e: {
      lengthComputable: boolean;
      loaded: number;
      total: number;
    }) => void)[] = [];
    upload = {
      addEventListener: (
        _: string,
        fn: (e: { lengthComputable: boolean; loaded: number; total: number }) => void,
      ) => this.progressListeners.push(fn),
    };
    private method = 'GET';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    addEventListener(type: string, fn: () => void) {
      (this.listeners[type] ??= []).push(fn);
    }
    abort() {}
    send(body: FormData | null) {
      const req: XhrRequest = {
        method: this.method,
        url: this.url,
        body,
        respond: (status, replyBody) => {
          this.status = status;
          this.statusText = status < 300 ? 'OK' : 'Error';
          this.responseText = JSON.stringify(replyBody);
          this.listeners.load?.forEach((fn) => fn());
        },
        progress: (percent) =>
          this.progressListeners.forEach((fn) =>
            fn({ lengthComputable: true, loaded: percent, total: 100 }),
          ),
      };
      requests.push(req);
      if (auto) {
        const reply = auto(req);
        queueMicrotask(() => req.respond(reply.status, reply.body));
      }
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return requests;
}
