// Keyboard-only steps: moving the focus with Tab / Shift+Tab and checking where it is, without
// clicking or filling through locators.
import assert from 'node:assert/strict';
import { eventually } from './harness.mjs';

/** The focused element, described for messages: `button "Add to Cart"`, `input[type=tel] "EVC Plus Phone Number"`. */
export async function describeFocus(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return '<body>';
    const text = (n) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const labelledBy = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ||
      (labelledBy ? labelledBy.split(/\s+/).map((id) => text(document.getElementById(id))).join(' ') : '') ||
      (el.labels?.length ? text(el.labels[0]) : '') ||
      text(el) ||
      el.getAttribute('placeholder') ||
      '';
    const role = el.getAttribute('role');
    const type = el.getAttribute('type');
    return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''}${type ? `[type=${type}]` : ''} "${name.slice(0, 60)}"`;
  });
}

/** Whether `locator` (one element or several) holds the focus now; never waits for it to appear. */
export async function hasFocus(locator) {
  return locator.evaluateAll((els) => els.some((el) => el === document.activeElement));
}

/** Waits until `locator` holds the focus (a toBeFocused of our own). */
export async function expectFocused(locator, options) {
  await eventually(async () => assert.ok(await hasFocus(locator), `${locator} is not focused (focus on ${await describeFocus(locator.page())})`), options);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `locator` has the focus, at most `max` times; fails
 * listing where the focus went. Answers how many presses it took.
 */
export async function tabTo(page, locator, { back = false, max = 80 } = {}) {
  await locator.first().waitFor({ state: 'visible' });
  const path = [];
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await hasFocus(locator)) return presses;
    path.push(await describeFocus(page));
  }
  assert.fail(`${locator} not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}; the focus went: ${path.join(' → ')}`);
}
