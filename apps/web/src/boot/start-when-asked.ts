/*
 * Hydration on intent (ADR 027). A server-rendered page marked `data-hydrate="on-intent"` is complete
 * and readable without JavaScript: its links are real links. The app (React and the page's code)
 * loads when the visitor first shows intent: a touch, a press, a key, focus, or a pointer over a
 * control. A tap that lands before the app is running is held, shown as busy, and replayed on the
 * same control once the page is hydrated, so no tap is lost. A server-rendered page marked
 * `data-hydrate="now"` (a signed-in account's) starts the app at once and holds taps the same way
 * while it hydrates; the empty shell just starts the app.
 * This file must stay free of React and of the app's modules: it is the whole first-load script.
 */

/** What a tap can act on before the app runs; links are left to the browser. */
const CONTROLS = 'button, [role="button"], summary, label, input, select, textarea';
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** The control's place under `root` as child indexes, to find it again after hydration. */
function pathTo(root: Element, element: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = element; node !== null && node !== root; node = node.parentElement) {
    const parent: Element | null = node.parentElement;
    if (parent === null) return [];
    path.unshift(Array.prototype.indexOf.call(parent.children, node));
  }
  return path;
}

function elementAt(root: Element, path: readonly number[]): Element | null {
  let node: Element | null = root;
  for (const index of path) node = node?.children[index] ?? null;
  return node;
}

export function startWhenAsked(root: HTMLElement, start: () => Promise<void>): void {
  const mode = root.dataset['hydrate'];
  // The shell: nothing on screen to tap before the app draws it.
  if (mode !== 'on-intent' && mode !== 'now') {
    void start();
    return;
  }
  // Held taps and submits, replayed on the same controls once the page is hydrated.
  const held: { path: number[]; kind: 'click' | 'submit' }[] = [];
  const options = { capture: true, passive: true } as const;

  const stopListening = () => {
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, options);
    document.removeEventListener('pointerover', onPointerOver, options);
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
  };
  // Runs after React is listening, so its own handlers take the replayed events.
  const replay = () => {
    stopListening();
    for (const { path, kind } of held) {
      const control = elementAt(root, path);
      control?.removeAttribute('aria-busy');
      if (kind === 'submit' && control instanceof HTMLFormElement) control.requestSubmit();
      else if (control instanceof HTMLElement) control.click();
    }
  };
  // The app did not load (a dropped connection): the held taps are let go, not left busy, and the
  // next intent tries again.
  const release = () => {
    for (const { path } of held.splice(0)) elementAt(root, path)?.removeAttribute('aria-busy');
    started = null;
  };
  let started: Promise<void> | null = null;
  const begin = () => {
    started ??= start().then(replay, (error: unknown) => {
      release();
      // eslint-disable-next-line no-console -- the journeys fail on console errors, on purpose
      console.error('The app could not start:', error);
    });
  };

  function onIntent() {
    begin();
  }
  function onPointerOver(event: Event) {
    if (event.target instanceof Element && event.target.closest(CONTROLS) !== null) begin();
  }
  function hold(event: Event, control: Element, kind: 'click' | 'submit') {
    event.preventDefault();
    event.stopImmediatePropagation();
    // One replay per control: a second tap while it loads is impatience, not a second action.
    if (control.getAttribute('aria-busy') !== 'true') {
      control.setAttribute('aria-busy', 'true');
      held.push({ path: pathTo(root, control), kind });
    }
    begin();
  }
  function onClick(event: MouseEvent) {
    const control = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
    if (control === null || !root.contains(control)) return;
    // A click into a text field only places the cursor, which the browser does by itself.
    if (control.matches('input:not([type="checkbox"], [type="radio"], [type="submit"]), select, textarea')) return;
    hold(event, control, 'click');
  }
  function onSubmit(event: SubmitEvent) {
    if (event.target instanceof HTMLFormElement && root.contains(event.target)) hold(event, event.target, 'submit');
  }

  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, options);
  document.addEventListener('pointerover', onPointerOver, options);
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  // A signed-in account's page starts at once; a tap while it hydrates is held all the same.
  if (mode === 'now') begin();
}
