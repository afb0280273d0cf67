/**
 * The admin list of the messages the shop sends (GET /api/admin/notifications): newest first,
 * paged, searched (`q`: recipient and subject) and filtered by status and channel.
 */
import { notificationKeys } from '@/lib/query-keys';
import type { AdminNotification, NotificationChannel, NotificationStatus, NotificationTopic } from '@/lib/types';
import { defineList, oneOf, text, type FilterOption } from '../lib/list';

export const NOTIFICATIONS_LOAD_FAILED = 'Failed to load notifications. Please try again.';

export const NOTIFICATION_STATUSES = ['pending', 'sent', 'retrying', 'failed', 'skipped'] as const satisfies readonly NotificationStatus[];
export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const satisfies readonly NotificationChannel[];

export const STATUS_LABELS: Record<NotificationStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  retrying: 'Retrying',
  failed: 'Failed',
  skipped: 'Skipped',
};

export const CHANNEL_LABELS: Record<NotificationChannel, string> = { email: 'Email', sms: 'SMS' };

export const TOPIC_LABELS: Record<NotificationTopic, string> = {
  orderConfirmed: 'Order confirmed',
  paymentUnconfirmed: 'Payment not confirmed',
  orderShipped: 'Order shipped',
  orderDelivered: 'Order delivered',
  orderCanceled: 'Order canceled',
  returnUpdated: 'Return update',
  passwordReset: 'Password reset',
  newOrder: 'New order',
  lowStock: 'Size running low',
};

/** A label of one of these maps, or the API's own word for a value it does not know (a newer server). */
const labelOf = (labels: Record<string, string>, value: string) => (Object.hasOwn(labels, value) ? labels[value] : value);

export const statusLabel = (status: string) => labelOf(STATUS_LABELS, status);
export const channelLabel = (channel: string) => labelOf(CHANNEL_LABELS, channel);
export const topicLabel = (topic: string) => labelOf(TOPIC_LABELS, topic);

/** What the Recipient column shows: the address, or 'Shop' for the shop's own alert address (not yet resolved). */
export const recipientLabel = (n: Pick<AdminNotification, 'recipient'>) => n.recipient ?? 'Shop';

/** What the Subject column shows: the subject, or the topic's label until the message is first rendered. */
export const subjectLabel = (n: Pick<AdminNotification, 'subject' | 'topic'>) => n.subject ?? topicLabel(n.topic);

export const STATUS_OPTIONS: readonly FilterOption<NotificationStatus | ''>[] = [
  { value: '', label: 'All statuses' },
  ...NOTIFICATION_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];

export const CHANNEL_OPTIONS: readonly FilterOption<NotificationChannel | ''>[] = [
  { value: '', label: 'All channels' },
  ...NOTIFICATION_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] })),
];

export const notificationsList = defineList<AdminNotification>()({
  path: '/admin/notifications',
  keys: notificationKeys.admin,
  filters: { q: text(), status: oneOf(NOTIFICATION_STATUSES), channel: oneOf(NOTIFICATION_CHANNELS) },
  failure: { message: NOTIFICATIONS_LOAD_FAILED, log: 'Failed to load notifications' },
});
