import { Trans } from '@lingui/react/macro';
import { paymentMethodName } from '../names';
import type { OfferedMethod } from '../types';

/**
 * Says that payments are simulated, and which test numbers fail how (the server's sandbox):
 * every wallet's are its prefix (after 252), 000000 and the outcome's digit, shown for each
 * wallet offered from the prefixes the server lists; a card goes to the sandbox's card page.
 */
export function SandboxNotice({ offered }: { offered: readonly OfferedMethod[] }) {
  const wallets = offered.filter((m) => m.kind === 'wallet' && m.prefixes?.length);
  const card = offered.some((m) => m.kind === 'card');
  return (
    <div role="note" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300">
      <p className="font-bold">
        <Trans>Sandbox payments</Trans>
      </p>
      <p className="mt-1">
        <Trans>
          This shop is in sandbox mode: no real money is charged. Any valid number of a wallet is approved, except its
          test numbers: the wallet&apos;s prefix, 000000 and a last digit. 1 is declined for a low balance, 2 is declined by
          the payer, 3 never answers and 4 fails at the provider.
        </Trans>
      </p>
      {wallets.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1" data-testid="sandbox-numbers">
          {wallets.map((w) => (
            <li key={w.id}>
              {paymentMethodName(w.id)} <span className="font-mono">252{w.prefixes?.[0]}0000001</span>
            </li>
          ))}
        </ul>
      )}
      {card && (
        <p className="mt-2">
          <Trans>A card payment goes to a sandbox card page, where you choose Approve or Decline.</Trans>
        </p>
      )}
    </div>
  );
}
