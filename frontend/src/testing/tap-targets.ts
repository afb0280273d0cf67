/**
 * Tap targets of at least 44 × 44 CSS px (WCAG 2.5.5), as far as jsdom can tell: it lays nothing
 * out, so a control's size is read from its Tailwind classes (a height, a minimum height or its
 * line plus padding; a width for a control without words). Links inside a sentence (a <p>) are
 * exempt, as WCAG exempts inline targets; a checkbox or radio button counts by its label.
 */

/** Tailwind's spacing unit in px (`h-11` is 44 px). */
const UNIT = 4;
const MIN = 44;
/** The line height of each text size, in px (Tailwind's defaults). */
const LINE: Record<string, number> = { 'text-xs': 16, 'text-sm': 20, 'text-base': 24, 'text-lg': 28, 'text-xl': 28, 'text-2xl': 32 };

const CONTROLS = 'a[href], button, select, textarea, input:not([type="hidden"]), summary, [role="button"], [role="menuitem"], [role="tab"]';

/** The largest height or width (`axis`) that these classes give, in px; null when none does. */
function sizeOf(classes: string[], axis: 'h' | 'w'): number | null {
  let best: number | null = null;
  for (const c of classes) {
    const m = new RegExp(`^(?:min-${axis}|${axis}|size)-(\\d+(?:\\.\\d+)?)$`).exec(c);
    if (m) best = Math.max(best ?? 0, Number(m[1]) * UNIT);
    if (axis === 'w' && (c === 'w-full' || c === 'min-w-full' || c === 'flex-1')) best = Math.max(best ?? 0, MIN);
    const px = new RegExp(`^(?:min-${axis}|${axis})-\\[(\\d+)px\\]$`).exec(c);
    if (px) best = Math.max(best ?? 0, Number(px[1]));
  }
  return best;
}

/** The line height an element's text has: its own text size's, else the nearest ancestor's. */
function inheritedLine(el: Element): number {
  for (let e: Element | null = el; e; e = e.parentElement) {
    const size = baseClasses(e).find((c) => LINE[c]);
    if (size) return LINE[size];
  }
  return 24;
}

/** A height from the line and the padding (`py-2.5 text-sm` is 20 + 20 = 40 px), borders included. */
function lineHeightOf(classes: string[], inherited: number): number {
  let line = inherited;
  let pad = 0;
  for (const c of classes) {
    if (LINE[c]) line = LINE[c];
    const leading = /^leading-(\d+)$/.exec(c);
    if (leading) line = Number(leading[1]) * UNIT;
    const p = /^(?:p|py)-(\d+(?:\.\d+)?)$/.exec(c);
    if (p) pad = Number(p[1]) * UNIT * 2;
  }
  const border = classes.includes('border') ? 2 : 0;
  return line + pad + border;
}

/** An icon's width (its svg's `width`) with the control's side padding (`px-4`: 16 px a side). */
function iconWidthOf(el: Element, classes: string[]): number {
  const icon = el.querySelector('svg[width]');
  if (!icon) return 0;
  const pad = classes.map((c) => /^(?:p|px)-(\d+(?:\.\d+)?)$/.exec(c)).find(Boolean);
  return Number(icon.getAttribute('width')) + (pad ? Number(pad[1]) * UNIT * 2 : 0);
}

/** The base classes (no breakpoint, hover or other variant) of an element. */
const baseClasses = (el: Element) => Array.from(el.classList).filter((c) => !c.includes(':'));

/** What is tapped for a control: the label of a checkbox or radio button, else itself. */
function targetOf(el: Element): Element {
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio' || el.type === 'file')) {
    return el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null) ?? el;
  }
  return el;
}

/** The words shown (not those only screen readers get). */
function visibleText(el: Element): string {
  return Array.from(el.childNodes)
    .map((n) => (n.nodeType === Node.TEXT_NODE ? (n.textContent ?? '') : n instanceof Element && !n.classList.contains('sr-only') ? visibleText(n) : ''))
    .join('')
    .trim();
}

/** Whether the control is a link or button inside a sentence (a paragraph with words around it). */
function inSentence(el: Element): boolean {
  const p = el.parentElement?.closest('p');
  if (!p || !(el instanceof HTMLAnchorElement)) return false;
  return visibleText(p).length > visibleText(el).length;
}

/**
 * Not drawn: inside a `hidden` attribute or `sr-only`. (A Tailwind `hidden` class is not taken
 * as hidden: it is shown again at some breakpoint, where it must be large enough too.)
 */
function hidden(el: Element): boolean {
  for (let e: Element | null = el; e; e = e.parentElement) {
    if (e.hasAttribute('hidden') || e.classList.contains('sr-only')) return true;
  }
  return false;
}

/** The controls under `root` whose classes do not make them 44 × 44 px, each as `<tag> "name" (its classes)`. */
export function tapTargetProblems(root: Element = document.body): string[] {
  const problems: string[] = [];
  for (const el of Array.from(root.querySelectorAll(CONTROLS))) {
    // A visually hidden checkbox or radio button is tapped on its label.
    const target = targetOf(el);
    if (hidden(target) || inSentence(el)) continue;
    // A picture's own link beside the product's named link (out of the tab order, hidden from
    // screen readers): as large as the picture.
    if (el.getAttribute('tabindex') === '-1' && el.getAttribute('aria-hidden') === 'true') continue;
    // A label drawn by its box (a size or a method's card around a hidden radio button) is as large as that box.
    const box = target instanceof HTMLLabelElement ? Array.from(target.children).find((c) => !(c instanceof HTMLInputElement) && !c.classList.contains('sr-only')) : undefined;
    const classes = [...baseClasses(target), ...(box ? baseClasses(box) : [])];
    const height = Math.max(sizeOf(classes, 'h') ?? 0, lineHeightOf(classes, inheritedLine(target)));
    const words = visibleText(target);
    // A control with words is as wide as them; one without (an icon, a digit) is as wide as its
    // width says, or its icon and padding.
    const width = words.length > 2 ? MIN : Math.max(sizeOf(classes, 'w') ?? 0, iconWidthOf(target, classes));
    // A breakpoint that takes the size away again (`sm:min-h-0`).
    const shrunk = Array.from(target.classList).some((c) => /^(?:sm|md|lg|xl|2xl):(?:min-)?h-(?:0|\d|10)$/.test(c));
    if (height < MIN || width < MIN || shrunk) {
      const name = el.getAttribute('aria-label') ?? (words || el.getAttribute('title') || el.getAttribute('name') || '');
      problems.push(`<${el.tagName.toLowerCase()}> "${name}" (${target.className})`);
    }
  }
  return problems;
}
