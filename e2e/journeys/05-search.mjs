import assert from 'node:assert/strict';
import { dollars, STOREFRONT_PAGE_SIZE } from '../lib/api.mjs';
import { eventually, expectPath, expectText, expectVisible, journey } from '../lib/harness.mjs';

const QUERY = 'dress';

journey('05-search', 'the header search lists matches and the sort reorders the cards', async (t) => {
  const [relevance, lowToHigh, highToLow] = await Promise.all(
    ['relevance', 'price-asc', 'price-desc'].map((sort) => t.api.search(QUERY, sort)),
  );
  assert.ok(relevance.length >= 3, `the demo catalogue has several ${QUERY}es`);
  const names = (list) => list.map((p) => p.name);
  assert.notDeepEqual(names(lowToHigh), names(relevance), 'sorting changes the order');

  const page = await t.open();
  await page.goto('/');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const box = page.getByRole('searchbox', { name: 'Search products' });
  assert.equal(await box.getAttribute('placeholder'), 'Search for products...');
  // Blank text does nothing.
  await box.press('Enter');
  await expectPath(page, '/');

  await box.fill(QUERY);
  await t.shot(page, 'search-box');
  await box.press('Enter');
  await expectPath(page, `/search?q=${QUERY}`);
  await expectVisible(page.getByRole('heading', { level: 1, name: `Search Results for "${QUERY}"` }));
  await expectVisible(page.getByText(`${relevance.length} ${relevance.length === 1 ? 'product' : 'products'} found`));

  const results = page.getByRole('list', { name: 'Search results' });
  const cardNames = () => results.getByRole('heading', { level: 2 }).allInnerTexts();
  const cardPrices = () => results.getByTestId('price').allInnerTexts();
  // The page shows the first page of results; 'Load more' adds the rest, page by page.
  const loadMore = page.getByRole('button', { name: 'Load more' });
  const expectCards = async (all) => {
    let shown = Math.min(all.length, STOREFRONT_PAGE_SIZE);
    for (;;) {
      const expected = all.slice(0, shown);
      await eventually(async () => assert.deepEqual(await cardNames(), names(expected)));
      assert.deepEqual(await cardPrices(), expected.map((p) => dollars(p.price)));
      if (shown === all.length) break;
      await loadMore.click();
      shown = Math.min(all.length, shown + STOREFRONT_PAGE_SIZE);
    }
    assert.equal(await loadMore.count(), 0, "no 'Load more' once every result is shown");
  };
  await expectCards(relevance);
  await t.shot(page, 'results');

  const sort = page.getByLabel('Sort by');
  await sort.selectOption({ label: 'Price: Low to High' });
  await expectCards(lowToHigh);
  const ascending = lowToHigh.map((p) => p.price);
  assert.deepEqual(ascending, [...ascending].sort((a, b) => a - b));
  await t.shot(page, 'price-low-to-high');

  await sort.selectOption({ label: 'Price: High to Low' });
  await expectCards(highToLow);
  const descending = highToLow.map((p) => p.price);
  assert.deepEqual(descending, [...descending].sort((a, b) => b - a));
  await t.shot(page, 'price-high-to-low');

  // A word nothing matches.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await box.fill('zzzz-nothing');
  await box.press('Enter');
  await expectVisible(page.getByRole('heading', { name: 'No products found' }));
  await expectText(page.getByText("We couldn't find any products matching your search."), "We couldn't find any products matching your search.");
  await t.shot(page, 'no-results');
});
