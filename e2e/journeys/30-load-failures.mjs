import { exactly, expectHidden, expectVisible, journey } from '../lib/harness.mjs';

/** Answers every products call (`/api/products…`) with a 500 until the route is taken away. */
const productsApi = (url) => new URL(url).pathname.startsWith('/api/products');
const fail = (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal server error' }) });

journey('30-load-failures', 'the products API failing: search and a category page say so with Try Again, which loads the products once it answers', async (t) => {
  const [match] = await t.api.search('dress');
  const [kidsProduct] = await t.api.category('kids');
  const page = await t.open();

  for (const { path, heading, failed, product } of [
    { path: '/search?q=dress', heading: 'Search Results for "dress"', failed: 'The search results could not be loaded.', product: match },
    { path: '/category/kids', heading: 'Kids Collection', failed: 'The products could not be loaded.', product: kidsProduct },
  ]) {
    await page.route(productsApi, fail);
    await page.goto(path);
    await expectVisible(page.getByRole('heading', { level: 1, name: heading }));
    // After the query's own retries, the failure where the products would be, never an empty shelf.
    const alert = page.getByRole('alert').filter({ hasText: exactly(`${failed}Try Again`) });
    await expectVisible(alert, { timeout: 20_000 });
    await expectHidden(page.getByText(/^No products found$|^No Products Found$/i));
    await t.shot(page, `${path.split(/[/?]/)[1]}-failed`);

    await page.unroute(productsApi, fail);
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expectVisible(page.getByRole('link', { name: product.name, exact: true }));
    await expectHidden(alert);
  }
});
