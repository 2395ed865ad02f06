import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWhenAsked } from './start-when-asked.ts';

function pageWith(hydrate: string | null) {
  const root = document.createElement('div');
  if (hydrate !== null) root.dataset['hydrate'] = hydrate;
  root.innerHTML = '<main><p>Text</p><button type="button">Unlock for ₹99</button><input type="text" /></main>';
  document.body.append(root);
  return { root, button: root.querySelector('button')!, input: root.querySelector('input')! };
}

/** A start the test finishes by hand, as the app's chunk arriving would. */
function deferredStart() {
  let finish: () => void = () => undefined;
  const start = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  );
  return {
    start,
    finish: () => {
      finish();
    },
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('startWhenAsked (ADR 027)', () => {
  it('starts the shell at once', () => {
    const { root } = pageWith(null);
    const start = vi.fn(() => Promise.resolve());
    startWhenAsked(root, start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for intent, then starts once however many events come', () => {
    const { root, input } = pageWith('on-intent');
    const { start } = deferredStart();
    startWhenAsked(root, start);
    expect(start).not.toHaveBeenCalled();
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('holds a tap made before the app runs, shows it busy, and replays it on the same control', async () => {
    const { root, button } = pageWith('on-intent');
    const { start, finish } = deferredStart();
    startWhenAsked(root, start);
    const taps = vi.fn();
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(start).toHaveBeenCalledTimes(1);

    // The app's own handler, as React would attach it when it hydrates.
    button.addEventListener('click', taps);
    finish();
    await vi.waitFor(() => {
      expect(taps).toHaveBeenCalledTimes(1);
    });
    expect(button.hasAttribute('aria-busy')).toBe(false);

    // Once running, taps are the app's alone.
    button.click();
    expect(taps).toHaveBeenCalledTimes(2);
  });

  it('starts a signed-in page at once, and holds a tap made while it hydrates', async () => {
    const { root, button } = pageWith('now');
    const { start, finish } = deferredStart();
    startWhenAsked(root, start);
    expect(start).toHaveBeenCalledTimes(1);
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    const taps = vi.fn();
    button.addEventListener('click', taps);
    finish();
    await vi.waitFor(() => {
      expect(taps).toHaveBeenCalledTimes(1);
    });
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('finds the control again if hydration replaced the element', async () => {
    const { root, button } = pageWith('on-intent');
    const { start, finish } = deferredStart();
    startWhenAsked(root, start);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const fresh = button.cloneNode(true) as HTMLButtonElement;
    const taps = vi.fn();
    fresh.addEventListener('click', taps);
    button.replaceWith(fresh);
    finish();
    await vi.waitFor(() => {
      expect(taps).toHaveBeenCalledTimes(1);
    });
  });

  it('leaves clicks into text fields and on links to the browser', () => {
    const { root, input } = pageWith('on-intent');
    const link = document.createElement('a');
    link.href = '#x';
    root.append(link);
    startWhenAsked(root, deferredStart().start);
    for (const target of [input, link]) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      target.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
    }
  });

  it('replays a control tapped twice while loading once', async () => {
    const { root, button } = pageWith('on-intent');
    const { start, finish } = deferredStart();
    startWhenAsked(root, start);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const taps = vi.fn();
    button.addEventListener('click', taps);
    finish();
    await vi.waitFor(() => {
      expect(taps).toHaveBeenCalledTimes(1);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(taps).toHaveBeenCalledTimes(1);
  });

  it('when the app fails to load, lets the tap go and tries again on the next intent', async () => {
    const { root, button } = pageWith('on-intent');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const start = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    startWhenAsked(root, start);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => {
      expect(button.hasAttribute('aria-busy')).toBe(false);
    });
    expect(errors).toHaveBeenCalled();
    const taps = vi.fn();
    button.addEventListener('click', taps);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(start).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => {
      expect(taps).toHaveBeenCalledTimes(1);
    });
    errors.mockRestore();
  });

  it('replays a held submit as a submit', async () => {
    const { root } = pageWith('on-intent');
    const form = document.createElement('form');
    form.innerHTML = '<button type="submit">Send</button>';
    root.append(form);
    const { start, finish } = deferredStart();
    startWhenAsked(root, start);
    const early = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    const submits = vi.fn((event: Event) => {
      event.preventDefault();
    });
    form.addEventListener('submit', submits);
    finish();
    await vi.waitFor(() => {
      expect(submits).toHaveBeenCalledTimes(1);
    });
  });
});
