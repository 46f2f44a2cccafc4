/** The part of mailparser 3.9 the crash test uses (the package ships no types). */
declare module 'mailparser' {
  import type { Readable } from 'node:stream';

  export interface ParsedMail {
    subject?: string;
    text?: string;
  }
  export function simpleParser(source: Buffer | string | Readable): Promise<ParsedMail>;
}
