import { screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** Where to look: the whole page (`screen`), or `within(a panel)`. */
type Scope = BoundFunctions<typeof queries>;

/** Types each value into the field with that label, in order; the page may still be loading. */
export async function fillForm(user: UserEvent, fields: Record<string, string>, scope: Scope = screen): Promise<void> {
  for (const [label, value] of Object.entries(fields)) {
    await user.type(await scope.findByLabelText(label), value);
  }
}

/** Fills the form (as `fillForm`) and presses its submit button. */
export async function fillAndSubmit(user: UserEvent, fields: Record<string, string>, submit: string, scope: Scope = screen): Promise<void> {
  await fillForm(user, fields, scope);
  await user.click(scope.getByRole('button', { name: submit }));
}

/**
 * Presses the submit button once for each text and waits for the form's alert to say it: with
 * a stub that `answersInTurn`, the server's detail first, then the fallback texts.
 */
export async function submitExpectingEach(user: UserEvent, submit: string, texts: string[], scope: Scope = screen): Promise<void> {
  for (const text of texts) {
    await user.click(scope.getByRole('button', { name: submit }));
    await waitFor(() => {
      expect(scope.getByRole('alert')).toHaveTextContent(text);
    });
  }
}

/**
 * Presses the dialog's submit button and expects it refused by the form itself: its alert says
 * `text`, and `field` (the one to fix) is marked invalid and has the focus.
 */
export async function submitRefused(user: UserEvent, dialog: HTMLElement, submit: string, text: string, field: HTMLElement): Promise<void> {
  await user.click(within(dialog).getByRole('button', { name: submit }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent(text);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveFocus();
}
