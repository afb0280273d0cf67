// The end-to-end suite: `npm test` here, or `make test-e2e` from the repository root.
// Each journey is a node:test test; the harness starts the shop and Chromium once.
import './journeys/01-visitor-cart.mjs';
import './journeys/02-wishlist.mjs';
import './journeys/03-checkout-approved.mjs';
import './journeys/04-checkout-declined.mjs';
import './journeys/05-search.mjs';
import './journeys/06-admin.mjs';
import './journeys/07-admin-denied.mjs';
import './journeys/08-profile.mjs';
import './journeys/09-mobile-menu.mjs';
import './journeys/10-deep-links.mjs';
import './journeys/11-admin-at-scale.mjs';
import './journeys/12-sizes.mjs';
import './journeys/13-admin-size-grid.mjs';
import './journeys/14-discount-code.mjs';
import './journeys/15-returns.mjs';
import './journeys/16-reviews.mjs';
import './journeys/17-password-reset.mjs';
import './journeys/18-somali.mjs';
import './journeys/19-every-page-axe.mjs';
import './journeys/20-keyboard-checkout.mjs';
import './journeys/21-wallets.mjs';
import './journeys/22-staff.mjs';
import './journeys/23-delivery.mjs';
import './journeys/24-catalogue-import.mjs';
import './journeys/25-colour-pictures.mjs';
import './journeys/26-back-in-stock.mjs';
