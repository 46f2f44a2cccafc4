import { describe, expect, it } from 'vitest';
import { buttonClass } from '@/components/ui/button';
import { cn } from './cn';

describe('cn', () => {
  it('skips falsy classes', () => {
    expect(cn('a', false, null, undefined, 'b')).toBe('a b');
  });

  it("lets a later class win over an earlier one for the same property (the dashboard's white-on-white 'Reply by email', issue 18)", () => {
    const merged = cn(buttonClass('secondary'), 'bg-teal-700 text-white').split(' ');
    expect(merged).toContain('bg-teal-700');
    expect(merged).not.toContain('bg-white');
    expect(merged).toContain('text-white');
  });
});
