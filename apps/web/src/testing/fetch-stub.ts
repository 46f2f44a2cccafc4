import { vi } from 'vitest';

/**
 * A tiny stand-in for the network in component tests: answers requests by "METHOD /path"
 * (path without the query string). Unknown requests answer 404 with a detail, so a test
 * never reaches the real network. Installed with vi.stubGlobal, undone after each test.
 */
export interface StubResponse {
  status?: number;
  body?: unknown;
}

export type StubHandler = StubResponse | ((request: Request) => StubResponse);

export interface FetchStub {
  /** Requests received, in order. */
  requests: Request[];
  /** The latest request; fails the test when there was none. */
  lastRequest: () => Request;
}

/**
 * A handler that gives each request the next of `answers`, the last one again and again: a
 * refusal with a detail, then a 5xx, then a dropped connection (`networkFailure`), say.
 */
export function answersInTurn(...answers: StubHandler[]): (request: Request) => StubResponse {
  let calls = 0;
  return (request) => {
    const answer = answers[Math.min(calls, answers.length - 1)] ?? {};
    calls += 1;
    return typeof answer === 'function' ? answer(request) : answer;
  };
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

export function stubFetch(routes: Record<string, StubHandler>): FetchStub {
  const requests: Request[] = [];
  const stub: FetchStub = {
    requests,
    lastRequest: () => {
      const request = requests.at(-1);
      if (!request) throw new Error('No request was made');
      return request;
    },
  };

  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    // The signal is left out: jsdom's AbortSignal is not the one Node's Request accepts.
    const request = new Request(new URL(urlOf(input), 'http://localhost'), {
      method: init?.method,
      headers: init?.headers,
      body: init?.body,
    });
    requests.push(request);
    const handler = routes[`${request.method} ${new URL(request.url).pathname}`];
    const { status = 200, body } =
      typeof handler === 'function' ? handler(request) : (handler ?? { status: 404, body: { detail: 'Not Found' } });
    return Promise.resolve(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  return stub;
}
