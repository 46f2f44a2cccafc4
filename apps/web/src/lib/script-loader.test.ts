import { afterEach, describe, expect, it } from 'vitest';
import { scriptLoader } from './script-loader';

const SRC = 'https://scripts.example/widget.js';

function scriptTags(): HTMLScriptElement[] {
  return Array.from(document.head.querySelectorAll<HTMLScriptElement>(`script[src="${SRC}"]`));
}

afterEach(() => {
  for (const tag of scriptTags()) tag.remove();
});

describe('scriptLoader', () => {
  it('adds the script once and resolves with what it defines', async () => {
    const page: { widget?: string } = {};
    const load = scriptLoader({ src: SRC, name: 'Widget', defines: 'window.Widget', read: () => page.widget, defer: true });

    const first = load();
    const second = load();
    expect(scriptTags()).toHaveLength(1);
    expect(scriptTags()[0]).toMatchObject({ async: true, defer: true });

    page.widget = 'widget';
    scriptTags()[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe('widget');
    await expect(second).resolves.toBe('widget');
    await expect(load()).resolves.toBe('widget');
    expect(scriptTags()).toHaveLength(1);
  });

  it('forgets a failed load and removes its tag, so the next call tries again', async () => {
    const load = scriptLoader({ src: SRC, name: 'Widget', defines: 'window.Widget', read: () => undefined });

    const failing = load();
    scriptTags()[0]?.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow('Widget could not be loaded');
    expect(scriptTags()).toHaveLength(0);

    const loadedEmpty = load();
    expect(scriptTags()).toHaveLength(1);
    scriptTags()[0]?.dispatchEvent(new Event('load'));
    await expect(loadedEmpty).rejects.toThrow('Widget loaded without window.Widget');
    expect(scriptTags()).toHaveLength(0);
  });
});
