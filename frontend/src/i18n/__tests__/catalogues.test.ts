/// <reference types="node" />
/**
 * The storefront's catalogues (src/i18n/locales/en.po and so.po) and the back office's
 * (src/features/admin/locales/en.po and so.po) against the code and against each other, and the
 * English ones against the texts quoted in SPEC.md, the product's specification (kept outside
 * this repository; the last test reads it when it is at hand).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';

/** Vitest runs in frontend/ (where lingui.config.ts is). */
const frontendDir = process.cwd();

interface Entry {
  message?: string;
  translation?: string;
}
type Messages = Record<string, Entry>;

let english: Messages;
let somali: Messages;
let inCode: Set<string>;
/** The back office's catalogue (lingui.config.ts's second). */
let adminEnglish: Messages;
let adminSomali: Messages;
let adminInCode: Set<string>;

beforeAll(async () => {
  const config = getConfig({ cwd: frontendDir });
  const [catalog, adminCatalog] = await getCatalogs(config);
  const all = (await catalog.readAll()) as Record<string, Messages>;
  english = all.en;
  somali = all.so;
  inCode = new Set(Object.keys((await catalog.collect()) ?? {}));
  const admin = (await adminCatalog.readAll()) as Record<string, Messages>;
  adminEnglish = admin.en;
  adminSomali = admin.so;
  adminInCode = new Set(Object.keys((await adminCatalog.collect()) ?? {}));
}, 60_000);

/** The English text of a catalogue entry (the source language keeps it as the message). */
const textOf = (entry: Entry) => entry.translation || entry.message || '';
const englishText = (id: string) => textOf(english[id]);

type Token = CompiledMessage[number];

/** What must match between a message and its translation: arguments, choice cases, tags. */
function shape(message: string): { args: string[]; cases: string[]; tags: string[] } {
  const args = new Set<string>();
  const cases = new Set<string>();
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, kind, options] = token as [string, string?, Record<string, unknown>?];
      args.add(name);
      if ((kind === 'plural' || kind === 'select' || kind === 'selectordinal') && options) {
        for (const [key, branch] of Object.entries(options)) {
          if (key === 'offset') continue;
          cases.add(`${name}:${key}`);
          if (Array.isArray(branch)) walk(branch as Token[]);
        }
      }
    }
  };
  walk(compileMessage(message));
  const tags = [...message.matchAll(/<\/?(\d+)\/?>/g)].map((m) => m[0]).sort();
  return { args: [...args].sort(), cases: [...cases].sort(), tags };
}

describe('the catalogues', () => {
  it('hold exactly the messages of the code, both of them', () => {
    expect(inCode.size).toBeGreaterThan(400);
    expect(Object.keys(english).sort()).toEqual([...inCode].sort());
    expect(Object.keys(somali).sort()).toEqual([...inCode].sort());
  });

  it('have every message translated into Somali', () => {
    const untranslated = Object.keys(english).filter((id) => !somali[id].translation?.trim());
    expect(untranslated.map(englishText)).toEqual([]);
    // A Somali text identical to the English one is an English text left in place.
    const leftInEnglish = Object.keys(english).filter((id) => somali[id].translation === englishText(id));
    expect(leftInEnglish.map(englishText)).toEqual([]);
  });

  it('keep the same placeholders, plural and select cases and tags in both languages', () => {
    const differing = Object.keys(english)
      .map((id) => ({ en: englishText(id), so: somali[id].translation ?? '' }))
      .filter(({ en, so }) => JSON.stringify(shape(en)) !== JSON.stringify(shape(so)));
    expect(differing).toEqual([]);
  });

  it('are valid ICU messages in both languages', () => {
    const broken = Object.keys(english).flatMap((id) =>
      [englishText(id), somali[id].translation ?? ''].filter((text) => {
        try {
          compileMessage(text);
          return false;
        } catch {
          return true;
        }
      }),
    );
    expect(broken).toEqual([]);
  });
});

describe("the back office's catalogue", () => {
  const adminText = (id: string) => textOf(adminEnglish[id]);

  it('holds exactly the messages of the back office, in both languages', () => {
    expect(adminInCode.size).toBeGreaterThan(400);
    expect(Object.keys(adminEnglish).sort()).toEqual([...adminInCode].sort());
    expect(Object.keys(adminSomali).sort()).toEqual([...adminInCode].sort());
  });

  it('has every message translated into Somali', () => {
    const untranslated = Object.keys(adminEnglish).filter((id) => !adminSomali[id].translation?.trim());
    expect(untranslated.map(adminText)).toEqual([]);
    // Where English is Somali too (a brand, a code, a number): only these may stay alike.
    const alike = new Set(['SMS', 'SKU']);
    const leftInEnglish = Object.keys(adminEnglish).filter(
      (id) => adminSomali[id].translation === adminText(id) && !alike.has(adminText(id)) && /\p{L}{3}/u.test(adminText(id).replace(/\{[^}]*\}/g, '')),
    );
    expect(leftInEnglish.map(adminText)).toEqual([]);
  });

  it('keeps the same placeholders, plural and select cases and tags in both languages, as valid ICU messages', () => {
    const differing = Object.keys(adminEnglish)
      .map((id) => ({ en: adminText(id), so: adminSomali[id].translation ?? '' }))
      .filter(({ en, so }) => {
        try {
          return JSON.stringify(shape(en)) !== JSON.stringify(shape(so));
        } catch {
          return true;
        }
      });
    expect(differing).toEqual([]);
  });

  it("words a message the storefront has too as the storefront does (the two are merged into one instance)", () => {
    const apart = Object.keys(adminEnglish)
      .filter((id) => somali[id] && somali[id].translation !== adminSomali[id].translation)
      .map((id) => ({ en: adminText(id), storefront: somali[id].translation, backOffice: adminSomali[id].translation }));
    expect(apart).toEqual([]);
  });
});

/**
 * SPEC.md's quoted storefront texts, in full (SPEC.md's apostrophes cut its quotes short), with
 * its placeholders: {…}, ${total}, $x and a lone N, n or x stand for values filled in.
 */
const STOREFRONT_TEXTS = [
  'Access denied. Admin privileges required.',
  'Search for products...',
  'Sign In',
  'Create Account',
  'Product Not Found',
  '{Category} Collection',
  'All Products',
  'Women',
  'Save $x',
  'Add to Cart',
  'No Products Found',
  "We couldn't find any products in this category. Check back soon for new arrivals!",
  'View All Products',
  'Search Results for "{query}"',
  '{n} product(s) found',
  '{n}% OFF',
  'No products found',
  "We couldn't find any products matching your search.",
  'Continue Shopping',
  'Please log in to view your cart',
  'Your cart is empty',
  'Remove from cart',
  'Subtotal (N items)',
  'Shipping',
  'Total',
  'Proceed to Checkout',
  'Loading checkout...',
  'Secure Checkout',
  'EVC Plus Phone Number',
  'Enter your EVC Plus phone number for payment processing',
  'Pay ${total} with EVC Plus',
  'Processing Payment...',
  'Back to Cart',
  'Qty: n',
  'Standard delivery: 2-3 business days',
  'Express delivery: Next business day',
  'Payment Successful!',
  'Your order has been placed and payment received successfully. Thank you!',
  'Please log in to view your wishlist',
  'Loading your wishlist...',
  'Your wishlist is empty',
  'Start Shopping',
  '1 Item',
  'N Items in Wishlist',
  'Remove from wishlist',
  'Sign Out',
  'Edit Profile',
  'Change Password',
  'Order History',
  "You haven't placed any orders yet.",
  'Loading orders...',
  'Logged out',
  'Name is required',
  'Email is required',
  'Email is invalid',
  'Password is required',
  'Password must be at least 6 characters',
  'Passwords do not match',
  'Phone number is required',
  'Current password is required',
  'Please log in to place an order',
  'Please enter a phone number',
  'Please log in to proceed with checkout',
  'Product already in wishlist',
  'Please log in to add to cart',
  'Please log in to add to wishlist',
  'Please log in to proceed to checkout',
  'Login failed',
  'Registration failed',
  'Profile update failed',
  'Failed to add item to cart',
  'Failed to remove item from cart',
  'Failed to update quantity',
  'Error updating quantity',
  'Error clearing cart',
  'Failed to add item to wishlist',
  'Failed to remove item from wishlist',
  'Failed to fetch orders',
  'Failed to place order',
  'Failed to load product details',
  'Checkout error',
  'Failed to load cart data',
  'Payment failed',
  'Network error. Please try again.',
  'Logged in successfully',
  'Registered successfully',
  'Profile updated successfully',
  'Order placed successfully',
  'Order placed successfully! Redirecting...',
  'Moved to cart',
  'Added to cart!',
  'Added to cart and removed from wishlist',
  'Removed from wishlist',
  'Item removed from cart',
  '{name} added to wishlist',
];

/** SPEC.md's quoted texts of the back office (features/admin, in its own catalogue). */
const BACK_OFFICE_TEXTS = [
  'Welcome back, {name}!',
  'Loading dashboard...',
  'Oops! Something went wrong',
  'Try adjusting your search or filters',
  'Loading products...',
  'Are you sure you want to delete "{product name}"? This action cannot be undone.',
  'Unknown',
  'No email',
  'No orders found matching your criteria',
  '(You)',
  'No users found',
  'Loading users...',
  'Are you sure you want to delete the user "{name}"? This action cannot be undone.',
  'Order status updated successfully',
  'Product name is required',
  'Description is required',
  'Valid price is required',
  'Valid stock quantity is required',
  'Discount must be between 0 and 100',
  'Unauthorized',
  'You cannot delete your own account',
  'Failed to create product',
  'Failed to update product',
  'Failed to delete product',
  'Failed to fetch all orders',
  'Failed to update order status',
  'Failed to load dashboard data. Please try again.',
  'Failed to load products. Please try again.',
  'Failed to load orders. Please try again.',
  'Failed to load users',
  'Failed to save user',
  'Failed to delete user',
  'Product created successfully',
  'Product updated successfully',
  'Product deleted successfully',
  'Order status updated',
  'User updated successfully',
  'User created successfully',
  'User deleted successfully',
];

/**
 * SPEC.md texts the shop shows only in a longer form SPEC.md also names: 'Order placed
 * successfully! Redirecting...' is the checkout's toast, and '{name} added to wishlist' comes
 * "also with a trailing '!'" (section 8), the form the shop uses. '{n} product(s) found' is
 * written with its plural ('1 product found', '2 products found'; issue 62): its plural case
 * stands for it.
 */
const SHOWN_AS: Record<string, string> = {
  'Order placed successfully': 'Order placed successfully! Redirecting...',
  '{name} added to wishlist': '{name} added to wishlist!',
  '{n} product(s) found': '{n} products found',
};

const HOLE = '⟨⟩';

/** A SPEC.md text with its placeholders as holes. */
const specPattern = (text: string) =>
  text.replace(/\$\{[^}]*\}|\{[^}]*\}|\$x\b/g, HOLE).replace(/(?<![\w/])[Nnx](?![\w/])/g, HOLE);

/** The texts an English message can show, values as holes: a plural or select gives one per case. */
function renderings(message: string): string[] {
  const render = (tokens: readonly Token[], inPlural: boolean): string[] => {
    let out = [''];
    for (const token of tokens) {
      let parts: string[];
      if (typeof token === 'string') parts = [inPlural ? token.replaceAll('#', HOLE) : token];
      else {
        const [, kind, options] = token as [string, string?, Record<string, Token[] | string>?];
        if ((kind === 'plural' || kind === 'select' || kind === 'selectordinal') && options) {
          // A case is its tokens, or a plain string when it has no placeholder.
          parts = Object.entries(options)
            .filter(([key]) => key !== 'offset')
            .flatMap(([, branch]) => render(typeof branch === 'string' ? [branch] : branch, kind !== 'select'));
        } else parts = [HOLE];
      }
      out = out.flatMap((head) => parts.map((part) => head + part));
    }
    return out;
  };
  return render(compileMessage(message), false);
}

describe("the English catalogues and SPEC.md's texts", () => {
  it('has every one of them, word for word', () => {
    const shown = new Set(Object.keys(english).flatMap((id) => renderings(englishText(id))));
    const missing = STOREFRONT_TEXTS.filter((text) => !shown.has(specPattern(SHOWN_AS[text] ?? text)));
    expect(missing).toEqual([]);
  });

  it("leaves out the back office's, which are in its own catalogue", () => {
    const shown = new Set(Object.keys(english).flatMap((id) => renderings(englishText(id))));
    const translated = BACK_OFFICE_TEXTS.filter((text) => shown.has(specPattern(text)) && !STOREFRONT_TEXTS.includes(text));
    // Only words the storefront shows too may be there.
    expect(translated).toEqual([]);
  });

  it("has the back office's in the back office's English catalogue, word for word", () => {
    const shown = new Set(Object.keys(adminEnglish).flatMap((id) => renderings(textOf(adminEnglish[id]))));
    // Logged on the console, not shown: the order list shows 'Failed to load orders. Please try again.'.
    const logged = ['Failed to fetch all orders'];
    expect(BACK_OFFICE_TEXTS.filter((text) => !shown.has(specPattern(text)) && !logged.includes(text))).toEqual([]);
  });

  // When SPEC.md is at hand (../shared in this workspace), the two lists above are exactly its texts.
  const specFile = [process.env.SPEC_MD, join(frontendDir, '../../shared/SPEC.md'), join(frontendDir, '../SPEC.md')].find(
    (f): f is string => Boolean(f && existsSync(f)),
  );
  it.runIf(specFile)('lists every quoted text of SPEC.md as storefront or back office', () => {
    const spec = readFileSync(specFile as string, 'utf8');
    // As /work/shared/tools/spec-texts reads them.
    const quoted = new Set<string>();
    for (const m of spec.matchAll(/'([^'\n]{2,}?)'(?=[\s.,;:)]|$)/gm)) {
      const text = m[1].trim();
      if (text && !text.startsWith('/') && !text.startsWith('evc-plus') && /\p{L}/u.test(text)) quoted.add(text);
    }
    const listed = [...STOREFRONT_TEXTS, ...BACK_OFFICE_TEXTS];
    // SPEC.md's own apostrophes cut a few of its quotes short ("We couldn't …" reads as "t find …").
    const unlisted = [...quoted].filter((text) => !listed.some((full) => full === text || full.endsWith(text)));
    expect(unlisted).toEqual([]);
    expect(listed.length).toBe(quoted.size);
  });
});
