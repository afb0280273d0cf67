import { Trans } from '@lingui/react/macro';

/** Says that payments are simulated, and which test numbers fail how (the server's sandbox). */
export function SandboxNotice() {
  return (
    <div role="note" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300">
      <p className="font-bold">
        <Trans>Sandbox payments</Trans>
      </p>
      <p className="mt-1">
        <Trans>
          This shop is in sandbox mode: no real money is charged. Any valid Somali number is approved; 252610000001 and
          252610000002 are declined, 252610000003 times out and 252610000004 fails at the provider.
        </Trans>
      </p>
    </div>
  );
}
