/**
 * The admin list of the messages the shop sends (GET /api/admin/notifications): newest first,
 * paged, searched (`q`: recipient and subject) and filtered by status and channel.
 */
import { msg, t } from '@lingui/core/macro';
import { everyMember } from '@/lib/enums';
import { notificationKeys } from '@/lib/query-keys';
import type { AdminNotification, NotificationChannel, NotificationStatus, NotificationTopic } from '@/lib/types';
import { defineList, oneOf, text, type FilterOption } from '../lib/list';
import { choice, translated } from '../lib/translated';
import { formatPhone } from '@/lib/phone-format';

export const NOTIFICATIONS_LOAD_FAILED = msg`Failed to load notifications. Please try again.`;

export const NOTIFICATION_STATUSES = everyMember<NotificationStatus>()(['pending', 'sent', 'retrying', 'failed', 'skipped']);
export const NOTIFICATION_CHANNELS = everyMember<NotificationChannel>()(['email', 'sms']);

/** The labels, each read in the language shown. */
export const STATUS_LABELS: Readonly<Record<NotificationStatus, string>> = translated({
  pending: msg`Pending`,
  sent: msg`Sent`,
  retrying: msg`Retrying`,
  failed: msg`Failed`,
  skipped: msg`Skipped`,
});

export const CHANNEL_LABELS: Readonly<Record<NotificationChannel, string>> = translated({ email: msg`Email`, sms: msg`SMS` });

export const TOPIC_LABELS: Readonly<Record<NotificationTopic, string>> = translated({
  orderConfirmed: msg`Order confirmed`,
  paymentUnconfirmed: msg`Payment not confirmed`,
  orderShipped: msg`Order shipped`,
  orderDelivered: msg`Order delivered`,
  orderCanceled: msg`Order canceled`,
  deliveryFailed: msg`Delivery failed`,
  returnUpdated: msg`Return update`,
  passwordReset: msg`Password reset`,
  newOrder: msg`New order`,
  lowStock: msg`Size running low`,
  backInStock: msg`Back in stock`,
  paymentLink: msg`Payment link`,
  paymentAlert: msg`Payment alert`,
});

/** A label of one of these maps, or the API's own word for a value it does not know (a newer server). */
const labelOf = (labels: Readonly<Record<string, string>>, value: string) => (Object.hasOwn(labels, value) ? labels[value] : value);

export const statusLabel = (status: string) => labelOf(STATUS_LABELS, status);
export const channelLabel = (channel: string) => labelOf(CHANNEL_LABELS, channel);
export const topicLabel = (topic: string) => labelOf(TOPIC_LABELS, topic);

/** What the Recipient column shows: the address, or 'Shop' for the shop's own alert address (not yet resolved). */
export const recipientLabel = (n: Pick<AdminNotification, 'recipient' | 'channel'>) =>
  n.recipient === null ? t`Shop` : n.channel === 'sms' ? formatPhone(n.recipient) : n.recipient;

/** What the Subject column shows: the subject (its codes masked), or the topic's label until the message is first rendered. */
export const subjectLabel = (n: Pick<AdminNotification, 'subject' | 'topic'>) => (n.subject === null ? topicLabel(n.topic) : maskCodes(n.subject));

/** A code's digits (4 to 8) a little after the word code ('Your delivery code is 0427', Somali 'koodhka … waa 123456'). */
const CODE = /\b(code|koodh\w*)(\D{0,60}?)(?<![\p{L}\d-])(\d{4,8})(?!\d|[-/.:]\d)/giu;

/**
 * A message's words as the back office shows them, with any code in them masked: whoever reads
 * the list must not be able to hand a parcel over or reset a password with it. Numbers that are
 * not a code's (phone numbers, amounts, order numbers, dates) stay as they are.
 */
export const maskCodes = (text: string): string => text.replace(CODE, (_all, word: string, between: string, digits: string) => `${word}${between}${'•'.repeat(digits.length)}`);

export const STATUS_OPTIONS: readonly FilterOption<NotificationStatus | ''>[] = [
  choice('', msg`All statuses`),
  ...NOTIFICATION_STATUSES.map((s) => choice(s, () => STATUS_LABELS[s])),
];

export const CHANNEL_OPTIONS: readonly FilterOption<NotificationChannel | ''>[] = [
  choice('', msg`All channels`),
  ...NOTIFICATION_CHANNELS.map((c) => choice(c, () => CHANNEL_LABELS[c])),
];

export const notificationsList = defineList<AdminNotification>()({
  path: '/admin/notifications',
  keys: notificationKeys.admin,
  filters: { q: text(), status: oneOf(NOTIFICATION_STATUSES), channel: oneOf(NOTIFICATION_CHANNELS) },
  failure: { message: NOTIFICATIONS_LOAD_FAILED, log: 'Failed to load notifications' },
});
