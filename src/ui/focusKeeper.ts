/**
 * A control the page disables while it acts (a button while its call runs: 80-odd of them)
 * loses the keyboard's focus to the document when disabled, and a keyboard user starts over
 * from the top (issue 37 item 3). This gives it back: the control that had the focus when it
 * was disabled takes it again when it is enabled, if the focus has gone nowhere meanwhile.
 * One observer of the `disabled` attribute for the whole document; nothing else is watched.
 */
export function keepFocusThroughDisabling(doc: Document = document): () => void {
  let focused: Element | null = null;
  let waiting: HTMLElement | null = null;
  const onFocusIn = (event: FocusEvent) => {
    focused = event.target instanceof Element ? event.target : null;
    waiting = null;
  };
  // A blur toward another element is the viewer's move; one toward nothing may be the disabling.
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget !== null) focused = null;
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const element = record.target;
      if (!(element instanceof HTMLElement)) continue;
      if (element.hasAttribute('disabled')) {
        if (element === focused) waiting = element;
      } else if (element === waiting) {
        waiting = null;
        const active = doc.activeElement;
        if ((active === null || active === doc.body) && element.isConnected) element.focus({ preventScroll: true });
      }
    }
  });
  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('focusout', onFocusOut);
  observer.observe(doc.documentElement, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('focusout', onFocusOut);
  };
}
