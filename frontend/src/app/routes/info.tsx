import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MailIcon, PhoneIcon } from '@/components/ui/icons';
import { useSettings } from '@/lib/api/settings';
import { useShopTerms } from '@/lib/terms';
import { usePageTitle } from '@/lib/use-page-title';

function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-6 space-y-4 rounded-2xl bg-white p-6 leading-relaxed text-stone-700 ring-1 ring-stone-200">
        {children}
      </div>
    </div>
  );
}

function SupportContacts() {
  const { data } = useSettings();
  if (!data) return null;
  return (
    <ul className="space-y-2">
      {data.supportPhone && (
        <li className="flex items-center gap-2">
          <PhoneIcon size={18} className="text-brand-700" />
          <a className="font-semibold text-brand-800 hover:underline" href={`tel:${data.supportPhone.replace(/\s+/g, '')}`}>
            {data.supportPhone}
          </a>
        </li>
      )}
      {data.supportEmail && (
        <li className="flex items-center gap-2">
          <MailIcon size={18} className="text-brand-700" />
          <a className="font-semibold text-brand-800 hover:underline" href={`mailto:${data.supportEmail}`}>
            {data.supportEmail}
          </a>
        </li>
      )}
    </ul>
  );
}

export function DeliveryPage() {
  const { t } = useLingui();
  const { delivery, freeDelivery } = useShopTerms(useSettings().data?.terms);
  return (
    <InfoPage title={t`Delivery`}>
      <p>
        <Trans>We deliver to your door.</Trans>
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          <Trans>Standard delivery: 2-3 business days</Trans>
        </li>
        <li>
          <Trans>Express delivery: Next business day</Trans>
        </li>
        {delivery && <li data-testid="delivery-term">{freeDelivery ? delivery : t`${delivery}: the fee for your place is added at checkout and shown before you pay.`}</li>}
      </ul>
      <p>
        <Trans>You enter the delivery address at checkout; our courier calls the phone number you give before arriving.</Trans>
      </p>
    </InfoPage>
  );
}

export function ReturnsPage() {
  const { t } = useLingui();
  const { returns } = useShopTerms(useSettings().data?.terms);
  return (
    <InfoPage title={t`Returns`}>
      <p>
        <Trans>Not the right fit? Ask for a return on your order&apos;s page once it is delivered.</Trans>
      </p>
      <ul className="list-disc space-y-1 pl-5">
        {returns && <li data-testid="returns-term">{returns}</li>}
        <li>
          <Trans>Items must be unworn, with their tags.</Trans>
        </li>
        <li>
          <Trans>Contact us with your order number and we arrange the pick-up.</Trans>
        </li>
        <li>
          <Trans>Your refund goes back the way you paid: to your mobile money number, or to your card.</Trans>
        </li>
      </ul>
      <SupportContacts />
    </InfoPage>
  );
}

export function ContactPage() {
  const { t } = useLingui();
  return (
    <InfoPage title={t`Contact`}>
      <p>
        <Trans>Questions about an order, a size or a payment? We are happy to help.</Trans>
      </p>
      <SupportContacts />
    </InfoPage>
  );
}
