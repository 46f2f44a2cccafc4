import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** An error answer: its status, and the detail the caller is shown. */
export function expectDetail(response: Pick<LightMyRequestResponse, 'statusCode' | 'json'>, status: number, detail: string): void {
  expect(response.statusCode).toBe(status);
  expect(response.json().detail).toBe(detail);
}
