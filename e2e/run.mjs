// The end-to-end suite: `npm test` here, or `make test-e2e` from the repository root.
// Each journey is a node:test test; the harness starts the shop and Chromium once.
// Every file of journeys/ is a journey, `NN-name.mjs`, run in the order of its number.
import { readdirSync } from 'node:fs';
import { before } from 'node:test';

const dir = new URL('./journeys/', import.meta.url);
const files = readdirSync(dir).filter((name) => name.endsWith('.mjs'));
// One named otherwise would have no place in the order: the run fails instead of skipping it.
const misnamed = files.filter((name) => !/^\d+-[\w-]+\.mjs$/.test(name));
if (misnamed.length) throw new Error(`journeys/ holds files not named NN-name.mjs: ${misnamed.join(', ')}`);
const number = (name) => Number.parseInt(name, 10);
const journeys = files.sort((a, b) => number(a) - number(b) || a.localeCompare(b));

// Imported one after the other, so their tests are registered in that order. The first test
// starts as soon as its file has run, and node:test ends the run (the harness's `after` stops
// the shop) once the tests registered so far are done: every journey is registered first.
const registered = (async () => {
  for (const name of journeys) await import(new URL(name, dir).href);
})();
before(() => registered);
await registered;
