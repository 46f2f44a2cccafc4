/**
 * JSON to put inside a <script> element (the server render's state, a page's JSON-LD):
 * nothing in it can close the element or start a comment, and the two line separators that
 * old parsers read as line ends are escaped too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
