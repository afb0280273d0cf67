/**
 * The payment link sent: the link itself with a copy button, when it expires, whether the shop's
 * SMS sent it, and WhatsApp to share it in the chat with the customer. Staff who do not see the
 * order's amounts get no link (its page shows the total): it went to the customer alone.
 */
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { btn, field } from '@/components/ui/styles';
import type { PaymentLink } from '@/lib/types';
import { formatDateTime } from '../../lib/ui';

export function PaymentLinkResult({ link }: { link: PaymentLink }) {
  const { t } = useLingui();
  const expires = formatDateTime(link.expiresAt);
  if (link.url == null) {
    return (
      <div className="space-y-3 rounded-lg bg-stone-50 p-4 ring-1 ring-stone-200" data-testid="payment-link">
        <p className="font-semibold text-stone-900">{link.smsSent ? t`Sent by SMS` : t`Sent to the customer`}</p>
        <p className="text-sm text-stone-700">
          <Trans>The link went to the customer only: its page shows the order's total. Ask whoever took the order, or an admin, to share it.</Trans>
        </p>
        <p className="text-sm text-stone-700">
          <Trans>Expires {expires}</Trans>
        </p>
      </div>
    );
  }
  return <ShareableLink url={link.url} whatsappUrl={link.whatsappUrl} smsSent={link.smsSent} expires={expires} />;
}

function ShareableLink({ url, whatsappUrl, smsSent, expires }: { url: string; whatsappUrl: string | null | undefined; smsSent: boolean; expires: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <div className="space-y-3 rounded-lg bg-stone-50 p-4 ring-1 ring-stone-200" data-testid="payment-link">
      <p className="font-semibold text-stone-900">{smsSent ? t`Sent by SMS` : t`SMS is not set up: share the link`}</p>
      <div>
        <label htmlFor="payment-link-url" className={field.label}>
          <Trans>Payment link</Trans>
        </label>
        <div className="flex flex-wrap gap-2">
          <input id="payment-link-url" readOnly value={url} className={`${field.input} min-w-0 flex-1 font-mono text-sm`} onFocus={(e) => e.target.select()} />
          <button type="button" className={btn.secondary} onClick={() => void copy()}>
            <Trans>Copy link</Trans>
          </button>
        </div>
        <p role="status" className="mt-1 min-h-5 text-sm text-stone-700">
          {copied === 'yes' ? t`Copied to clipboard` : copied === 'no' ? t`Could not copy; select the link and copy it by hand` : ''}
        </p>
      </div>
      <p className="text-sm text-stone-700">
        <Trans>Expires {expires}</Trans>
      </p>
      {whatsappUrl && (
        <a href={whatsappUrl} target="_blank" rel="noopener noreferrer" className={btn.secondary}>
          <Trans>Share on WhatsApp</Trans>
          <span className="sr-only">{t`(opens in a new tab)`}</span>
        </a>
      )}
    </div>
  );
}
