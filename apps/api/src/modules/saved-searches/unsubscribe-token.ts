import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click unsubscribe link of an alert mail (issue 16, RFC 8058): it works logged out, so
 * it carries its own proof — the saved search's id and an HMAC-SHA256 of it under a key derived
 * from the server's signing secret (a purpose label keeps it from being any other signature).
 * Nothing is stored; the link stays valid as long as the search exists.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('benchmarket:saved-search-unsubscribe:v1').digest();
  }

  sign(savedSearchId: string): string {
    return `${savedSearchId}.${this.mac(savedSearchId)}`;
  }

  /** The saved search's id, or undefined for a token this server did not sign. */
  verify(token: string): string | undefined {
    const [id, mac, extra] = token.split('.');
    if (!id || !mac || extra !== undefined || !UUID.test(id)) return undefined;
    const expected = Buffer.from(this.mac(id));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  private mac(id: string): string {
    return createHmac('sha256', this.key).update(id.toLowerCase()).digest('base64url');
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
