import axe from 'axe-core';

/** The violations axe finds in `root` (the page's main region by default); colour contrast needs a real browser. */
export async function axeViolations(root: Element | null = document.querySelector('main')): Promise<string[]> {
  if (!root) throw new Error('nothing to check');
  const result = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
