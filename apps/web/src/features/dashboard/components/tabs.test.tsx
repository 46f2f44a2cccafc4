import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const TABS = [
  { id: 'one', label: 'One' },
  { id: 'two', label: 'Two' },
  { id: 'three', label: 'Three' },
] as const;

describe('Tabs', () => {
  it('moves one tab per arrow key even before the new selection has been rendered', async () => {
    // The dashboard's selection lives in the URL, which the router commits a moment later:
    // here the parent never re-renders, as if both keys arrived before the commit.
    const onSelect = vi.fn();
    render(
      <Tabs label="Sections" tabs={TABS} selected="one" onSelect={onSelect}>
        <p>Content</p>
      </Tabs>,
    );
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(onSelect.mock.calls).toEqual([['two'], ['three']]);
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(onSelect).toHaveBeenLastCalledWith('one');
    await user.keyboard('{End}{ArrowLeft}');
    expect(onSelect.mock.calls.slice(-2)).toEqual([['three'], ['two']]);
  });
});
