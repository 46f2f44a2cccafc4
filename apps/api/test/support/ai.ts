import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A tiny stand-in for an OpenAI-compatible API (POST /v1/chat/completions), on 127.0.0.1, for
 * the real `openai` client to talk to. Each test says how it answers.
 */

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string };
  temperature?: number;
}

export type StandInReply = { content: string; delayMs?: number } | { status: number; body?: unknown; delayMs?: number };

export interface TestAiServer {
  /** AI_BASE_URL, e.g. http://127.0.0.1:1234/v1 */
  baseUrl: string;
  /** Chat requests received, in order. */
  readonly requests: ChatRequest[];
  /** What the next requests get (until changed). */
  reply(next: StandInReply | ((request: ChatRequest) => StandInReply)): void;
  close(): Promise<void>;
}

function completion(model: string, content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function startAiServer(): Promise<TestAiServer> {
  const requests: ChatRequest[] = [];
  let answer: StandInReply | ((request: ChatRequest) => StandInReply) = {
    content: JSON.stringify({ status: 'auto_approved', notes: 'Looks fine.', category: null }),
  };
  const pending = new Set<NodeJS.Timeout>();

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    readJson(request)
      .then((body) => {
        const chat = body as ChatRequest;
        requests.push(chat);
        const next = typeof answer === 'function' ? answer(chat) : answer;
        const send = () => {
          if (response.destroyed) return;
          if ('content' in next) {
            response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(chat.model, next.content)));
          } else {
            response
              .writeHead(next.status, { 'content-type': 'application/json' })
              .end(JSON.stringify(next.body ?? { error: { message: 'stand-in failure', type: 'server_error' } }));
          }
        };
        if (next.delayMs) {
          const timer = setTimeout(() => {
            pending.delete(timer);
            send();
          }, next.delayMs);
          pending.add(timer);
        } else {
          send();
        }
      })
      .catch(() => response.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(next) {
      answer = next;
    },
    close() {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
