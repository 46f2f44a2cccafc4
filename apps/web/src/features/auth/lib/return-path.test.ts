import { describe, expect, it } from 'vitest';
import { messageFrom, returnPathFrom, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeReturnPath('/listings/42?tab=photos#contact')).toBe('/listings/42?tab=photos#contact');
    expect(safeReturnPath({ pathname: '/dashboard', search: '?tab=messages', hash: '' })).toBe('/dashboard?tab=messages');
  });

  it('refuses anything that could leave the site, or that is not a path', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'listings/42',
      '',
      null,
      42,
      { pathname: 7 },
    ]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  it('does not send the user back to the login or register page', () => {
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath('/register?x=1')).toBeNull();
  });
});

describe('returnPathFrom', () => {
  it('prefers `from` in navigation state, then ?next=, then /', () => {
    expect(returnPathFrom({ from: '/listings/1' }, '?next=/dashboard')).toBe('/listings/1');
    expect(returnPathFrom({ from: { pathname: '/listings/2', search: '' } }, '')).toBe('/listings/2');
    expect(returnPathFrom(null, '?next=%2Fdashboard')).toBe('/dashboard');
    expect(returnPathFrom({ from: 'https://evil.example' }, '?next=//evil.example')).toBe('/');
    expect(returnPathFrom(undefined, '')).toBe('/');
  });
});

describe('messageFrom', () => {
  it('reads a non-empty message string from navigation state', () => {
    expect(messageFrom({ message: 'Your password has been reset. You can now log in.' })).toBe(
      'Your password has been reset. You can now log in.',
    );
    expect(messageFrom({ message: '  ' })).toBeNull();
    expect(messageFrom({ message: 3 })).toBeNull();
    expect(messageFrom(null)).toBeNull();
  });
});
