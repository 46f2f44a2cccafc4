/** The part of mailparser 3.9 the tests use (the package ships no types; @types/mailparser is not installed). */
declare module 'mailparser' {
  import type { Readable } from 'node:stream';

  export interface EmailAddress {
    address?: string;
    name: string;
  }
  export interface AddressObject {
    value: EmailAddress[];
    text: string;
  }
  export interface ParsedMail {
    subject?: string;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
    replyTo?: AddressObject;
    text?: string;
    html: string | false;
    headers: Map<string, unknown>;
    /** Every header as received, its key lower-cased and `line` the raw 'Name: value'. */
    headerLines: { key: string; line: string }[];
    messageId?: string;
  }
  export function simpleParser(source: Buffer | string | Readable): Promise<ParsedMail>;
}
