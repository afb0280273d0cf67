import axe from 'axe-core';

/**
 * Lets axe run its aria-hidden-focus rule in jsdom. The rule asks `document.elementFromPoint`
 * (whether a modal covers the page), which jsdom lacks: without it the rule errors and axe
 * files it under "incomplete", so `axeViolations` would never report a focusable element
 * inside `aria-hidden`. Nothing is ever found at a point, as when no modal is open. Returns the
 * undo. `axeViolations` applies it around every run.
 */
export function stubElementFromPoint(): () => void {
  const doc = document as unknown as Record<'elementFromPoint' | 'elementsFromPoint', unknown>;
  const had = { one: 'elementFromPoint' in document, all: 'elementsFromPoint' in document };
  if (!had.one) Object.defineProperty(doc, 'elementFromPoint', { value: () => null, configurable: true });
  if (!had.all) Object.defineProperty(doc, 'elementsFromPoint', { value: () => [], configurable: true });
  return () => {
    if (!had.one) delete doc.elementFromPoint;
    if (!had.all) delete doc.elementsFromPoint;
  };
}

/**
 * The violations axe finds in `root` (the page's main region by default); colour contrast needs
 * a real browser. label-content-name-mismatch (off by default in axe 4, experimental) is on.
 */
export async function axeViolations(root: Element | null = document.querySelector('main')): Promise<string[]> {
  if (!root) throw new Error('nothing to check');
  const undo = stubElementFromPoint();
  try {
    const result = await axe.run(root, {
      rules: { 'color-contrast': { enabled: false }, 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  } finally {
    undo();
  }
}
