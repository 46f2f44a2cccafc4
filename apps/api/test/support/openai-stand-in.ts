import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readDataMessage } from '../../src/lib/untrusted-data.js';

/**
 * A local stand-in for the OpenAI API (the parts search uses): /v1/embeddings answers
 * deterministic bag-of-words vectors, /v1/chat/completions answers the explanations JSON the
 * search asks for. `mode` makes it misbehave: hang (never answers), error (500), garbage
 * (a reply that is not the JSON asked for).
 */

export type StandInMode = 'ok' | 'hang' | 'error' | 'garbage';

export interface OpenAiStandIn {
  /** Base URL for AI_BASE_URL, ending in /v1. */
  url: string;
  mode: StandInMode;
  calls: { embeddings: number; chat: number; embeddedTexts: string[] };
  /** When set, what the chat model answers (in 'ok' mode) in place of its own explanations. */
  chatAnswer?: (asked: AskedExplanations, messages: { role: string; content: string }[]) => unknown;
  close(): Promise<void>;
}

/** The data block of an explanations request: the buyer's query and the listings. */
export interface AskedExplanations {
  query: string;
  listings: { id: string; title: string; description: string }[];
}

export const EMBEDDING_DIMENSIONS = 64;

/** Words hashed into a fixed number of dimensions: texts sharing words point the same way. */
function bagOfWordsVector(text: string): number[] {
  const vector = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2)) {
    let hash = 2166136261;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619);
    vector[(hash >>> 0) % EMBEDDING_DIMENSIONS]! += 1;
  }
  return vector;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startOpenAiStandIn(): Promise<OpenAiStandIn> {
  const hanging = new Set<ServerResponse>();
  const state: OpenAiStandIn = {
    url: '',
    mode: 'ok',
    calls: { embeddings: 0, chat: 0, embeddedTexts: [] },
    close: async () => undefined,
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readJson(request);
      const path = request.url ?? '';
      if (path.endsWith('/embeddings')) state.calls.embeddings += 1;
      if (path.endsWith('/chat/completions')) state.calls.chat += 1;
      if (state.mode === 'hang') {
        hanging.add(response);
        return;
      }
      if (state.mode === 'error') {
        send(response, 500, { error: { message: 'the model is overloaded', type: 'server_error' } });
        return;
      }
      if (path.endsWith('/embeddings')) {
        const input = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input)];
        state.calls.embeddedTexts.push(...input);
        send(response, 200, {
          object: 'list',
          model: body.model,
          data: input.map((text, index) => ({ object: 'embedding', index, embedding: bagOfWordsVector(text) })),
          usage: { prompt_tokens: 1, total_tokens: 1 },
        });
        return;
      }
      if (path.endsWith('/chat/completions')) {
        const messages = body.messages as { role: string; content: string }[];
        const asked = readDataMessage(messages.find((m) => m.role === 'user')?.content ?? '') as AskedExplanations;
        const content =
          state.mode === 'garbage'
            ? 'Sure! Here are some thoughts about these listings.'
            : state.chatAnswer
              ? JSON.stringify(state.chatAnswer(asked, messages))
              : JSON.stringify({
                  results: asked.listings.map((listing, i) => ({
                    id: listing.id,
                    relevance: i === 0 ? 'Relevant' : 'Somewhat relevant',
                    score: i === 0 ? 0.93 : 0.55,
                    // The second one comes without its prefix: the API adds it.
                    explanation:
                      i === 0
                        ? `Relevant: the model read "${asked.query}" and ${listing.title} fits it.`
                        : `the model finds ${listing.title} close to "${asked.query}".`,
                  })),
                });
        send(response, 200, {
          id: 'chatcmpl-stand-in',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
        return;
      }
      send(response, 404, { error: { message: 'not found' } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/v1`;
  state.close = async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}
