import type { Page } from 'playwright-core';

/**
 * Helpers for the keyboard-only journeys (e2e/keyboard.spec.ts): they move with Tab and
 * Shift+Tab only and read what has the focus; they never click or focus an element directly.
 */

export interface FocusedElement {
  /** The tag name, lower-case ('button', 'a', 'input', …); '' when nothing has the focus. */
  tag: string;
  /** The accessible name as a user hears it: aria-label, aria-labelledby, the label, or the text. */
  name: string;
  role: string | null;
  /** The text of the nearest row, list item, article or dialog around it (to tell 'Delete's apart). */
  context: string;
  /** `:focus-visible` matches and something is drawn: an outline, or a focus ring on it or its box. */
  indicated: boolean;
}

/** What has the focus now (document.activeElement), described as a user notices it. */
export async function focused(page: Page): Promise<FocusedElement> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) {
      return { tag: '', name: '', role: null, context: '', indicated: false };
    }
    const text = (node: Element | null) =>
      (node instanceof HTMLElement ? node.innerText : (node?.textContent ?? '')).replace(/\s+/g, ' ').trim();
    let name = element.getAttribute('aria-label') ?? '';
    const labelledBy = element.getAttribute('aria-labelledby');
    if (!name && labelledBy)
      name = labelledBy
        .split(/\s+/)
        .map((id) => text(document.getElementById(id)))
        .join(' ');
    const labels = (element as HTMLInputElement).labels;
    if (!name && labels && labels.length > 0) name = text(labels[0] ?? null);
    if (!name) name = text(element);

    // The element's own outline, or a focus ring (Tailwind's ring-2 and wider, on the element
    // or, as focus-within, on one of its boxes: a combobox's wrapper, a result's card). The
    // 1 px rings of badges are not focus rings; a plain shadow (shadow-sm) is not one either.
    const outlined = (node: Element) => {
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    };
    const ringed = (node: Element) => {
      const ring = getComputedStyle(node).getPropertyValue('--tw-ring-shadow');
      const width = /^0 0 0 (?:calc\()?([\d.]+)px/.exec(ring.trim());
      return width !== null && Number(width[1]) >= 2;
    };
    const boxes: Element[] = [];
    for (let node: Element | null = element; node && boxes.length < 4; node = node.parentElement) boxes.push(node);
    const indicated = element.matches(':focus-visible') && (outlined(element) || boxes.some(ringed));
    const around = element.closest('tr, li, article, [role="dialog"], [role="alertdialog"]');
    return { tag: element.tagName.toLowerCase(), name: name.trim(), role: element.getAttribute('role'), context: text(around), indicated };
  });
}

export interface TabOptions {
  /** Shift+Tab instead of Tab. */
  backwards?: boolean;
  /** The most key presses before giving up. */
  limit?: number;
  /** Only an element whose row, list item, article or dialog contains this text. */
  within?: string;
  /** Only an element with this role attribute (e.g. 'tab', where a tab panel has the same name). */
  role?: string;
}

function matches(name: string, wanted: string | RegExp): boolean {
  return typeof wanted === 'string' ? name === wanted : wanted.test(name);
}

/**
 * Presses Tab (or Shift+Tab) until the element named `name` has the focus, as a keyboard user
 * walks a page; fails if it never does within `limit` presses. Answers the focused element.
 */
export async function tabTo(page: Page, name: string | RegExp, options: TabOptions = {}): Promise<FocusedElement> {
  const { backwards = false, limit = 60, within, role } = options;
  const seen: string[] = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const element = await focused(page);
    seen.push(element.name || `<${element.tag || 'body'}>`);
    if (
      matches(element.name, name) &&
      (within === undefined || element.context.includes(within)) &&
      (role === undefined || element.role === role)
    ) {
      return element;
    }
  }
  throw new Error(
    `"${String(name)}"${within ? ` in "${within}"` : ''}${role ? ` (${role})` : ''} never got the focus by ${backwards ? 'Shift+Tab' : 'Tab'}; went through: ${seen.join(' → ')}`,
  );
}

/** The name of what has the focus now. */
export async function focusedName(page: Page): Promise<string> {
  return (await focused(page)).name;
}
