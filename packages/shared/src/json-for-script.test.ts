import { describe, expect, it } from 'vitest';
import { jsonForScript } from './json-for-script.js';

describe('jsonForScript', () => {
  it('cannot close the script element or open a comment, and reads back as the same value', () => {
    const value = { title: '</script><!-- a & b -->', note: 'line\u2028sep\u2029end' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
