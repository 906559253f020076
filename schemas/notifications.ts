/**
 * Notifications (issue 20 §5, spec 001 §3 "Notification: per type and event, with channels web,
 * email, mobile"): what happened (a type), to whom, about which patient file and records, and how
 * it reaches the person (channels), each user choosing per type × channel in the profile's
 * notifications manager. The server writes the in-app row and sends e-mail and web push from the
 * job queue; the client shows the bell, the list and the manager from these shapes.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { countSchema, dateTimeSchema, localeQueryProperties, positiveIntegerSchema, uuidSchema } from './common.ts';
import { recordId } from './api/record-id.ts';

/**
 * The events a person may be told about. NEW_MESSAGE, APPOINTMENT_REMINDER and RELEASE_NOTES are
 * declared for the features that will send them (messaging, appointments, release notes).
 */
export const NOTIFICATION_TYPES = [
  'NEW_MESSAGE', 'NEW_DOCUMENT', 'DOCUMENT_ACKNOWLEDGED', 'QUESTIONNAIRE_DUE', 'QUESTIONNAIRE_LATE',
  'APPOINTMENT_REMINDER', 'ALERT', 'RELEASE_NOTES',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** In the application (the bell and its list), by e-mail, by web push. */
export const NOTIFICATION_CHANNELS = ['IN_APP', 'EMAIL', 'PUSH'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The channels that are sent from the job queue, one delivery row each. */
export const DELIVERY_CHANNELS = ['EMAIL', 'PUSH'] as const satisfies readonly NotificationChannel[];
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_STATES = ['queued', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Types whose e-mail is on when the user has not chosen: those that ask for the person's action. */
export const EMAIL_BY_DEFAULT: readonly NotificationType[] = [
  'NEW_MESSAGE', 'NEW_DOCUMENT', 'QUESTIONNAIRE_LATE', 'APPOINTMENT_REMINDER', 'ALERT',
];

/**
 * A preference the user has not set: in-app on for every type, e-mail on for EMAIL_BY_DEFAULT,
 * web push on once the user has a push subscription (a browser that asked for it), off before.
 */
export function defaultPreference(type: NotificationType, channel: NotificationChannel, hasPushSubscription: boolean): boolean {
  if (channel === 'IN_APP') return true;
  if (channel === 'EMAIL') return EMAIL_BY_DEFAULT.includes(type);
  return hasPushSubscription;
}

/**
 * The records a notification is about, each present when it applies: the document added or
 * acknowledged, the alert raised, the questionnaire's occurrence, a message, an appointment, the
 * release notes' version.
 */
export const notificationSubjectSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    documentId: recordId('document'),
    alertId: recordId('alert'),
    alertBatchId: recordId('alertBatch'),
    occurrenceId: recordId('occurrence'),
    formId: recordId('form'),
    messageId: uuidSchema,
    appointmentId: uuidSchema,
    release: { type: 'string', maxLength: 50 },
  },
} as const;
export type NotificationSubject = FromSchema<typeof notificationSubjectSchema>;

/** One in-app notification of the caller. No patient name: the screen reaches the file by its id. */
export const notificationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'patientFileId', 'subject', 'createdAt', 'readAt'],
  properties: {
    id: recordId('notification'),
    type: { type: 'string', enum: NOTIFICATION_TYPES },
    patientFileId: { anyOf: [recordId('patientFile'), { type: 'null' }] },
    subject: notificationSubjectSchema,
    createdAt: dateTimeSchema,
    readAt: { anyOf: [dateTimeSchema, { type: 'null' }] },
  },
} as const;
export type Notification = FromSchema<typeof notificationSchema>;

export const NOTIFICATION_PAGE_SIZES = [5, 10, 15, 20, 50] as const;

export const notificationListQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...localeQueryProperties,
    page: { ...positiveIntegerSchema, default: 1 },
    pageSize: { type: 'integer', enum: NOTIFICATION_PAGE_SIZES, default: 15 },
    unread: { type: 'boolean', description: 'true: only the unread ones' },
  },
} as const;
export type NotificationListQuery = FromSchema<typeof notificationListQuerySchema>;

/** A page of the caller's notifications, newest first, with how many are unread (the bell's number). */
export const notificationPageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['data', 'totalItems', 'page', 'pageSize', 'unreadCount'],
  properties: {
    data: { type: 'array', items: notificationSchema },
    totalItems: countSchema,
    page: positiveIntegerSchema,
    pageSize: positiveIntegerSchema,
    unreadCount: countSchema,
  },
} as const;
export type NotificationPage = FromSchema<typeof notificationPageSchema>;

export const unreadCountSchema = {
  type: 'object', additionalProperties: false, required: ['unreadCount'], properties: { unreadCount: countSchema },
} as const;

/** How many notifications a "mark all read" marked. */
export const markedCountSchema = {
  type: 'object', additionalProperties: false, required: ['marked'], properties: { marked: countSchema },
} as const;

/** One choice: this type on this channel, on or off. `isDefault`: the user never chose (answers only). */
export const notificationPreferenceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'channel', 'enabled', 'isDefault'],
  properties: {
    type: { type: 'string', enum: NOTIFICATION_TYPES },
    channel: { type: 'string', enum: NOTIFICATION_CHANNELS },
    enabled: { type: 'boolean' },
    isDefault: { type: 'boolean' },
  },
} as const;
export type NotificationPreference = FromSchema<typeof notificationPreferenceSchema>;

/** Every type × channel (in NOTIFICATION_TYPES × NOTIFICATION_CHANNELS order), defaults applied. */
export const notificationPreferencesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['preferences', 'hasPushSubscription'],
  properties: {
    preferences: { type: 'array', items: notificationPreferenceSchema },
    /** The user has at least one browser subscribed to web push. */
    hasPushSubscription: { type: 'boolean' },
  },
} as const;
export type NotificationPreferences = FromSchema<typeof notificationPreferencesSchema>;

/**
 * The choices to change; those not listed stay as they are. Type and channel are any text here so
 * an unknown one gets its own code (notification_type_unknown, notification_channel_unknown).
 */
export const notificationPreferencesBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['preferences'],
  properties: {
    preferences: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'channel', 'enabled'],
        properties: {
          type: { type: 'string', maxLength: 50 },
          channel: { type: 'string', maxLength: 50 },
          enabled: { type: 'boolean' },
        },
      },
    },
  },
} as const;
export type NotificationPreferencesBody = FromSchema<typeof notificationPreferencesBodySchema>;

/** The server's VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
export const pushPublicKeySchema = {
  type: 'object', additionalProperties: false, required: ['publicKey'], properties: { publicKey: { type: 'string' } },
} as const;

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
export const pushSubscriptionBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['endpoint', 'keys'],
  properties: {
    endpoint: { type: 'string', minLength: 1, maxLength: 2000 },
    expirationTime: { anyOf: [{ type: 'number' }, { type: 'null' }] },
    keys: {
      type: 'object',
      additionalProperties: false,
      required: ['p256dh', 'auth'],
      properties: { p256dh: { type: 'string', minLength: 1, maxLength: 200 }, auth: { type: 'string', minLength: 1, maxLength: 100 } },
    },
  },
} as const;
export type PushSubscriptionBody = FromSchema<typeof pushSubscriptionBodySchema>;

export const pushSubscriptionSchema = {
  type: 'object', additionalProperties: false, required: ['endpoint', 'createdAt'],
  properties: { endpoint: { type: 'string' }, createdAt: dateTimeSchema },
} as const;

/** Which subscription to forget: the endpoint the browser still knows. */
export const pushUnsubscribeBodySchema = {
  type: 'object', additionalProperties: false, required: ['endpoint'],
  properties: { endpoint: { type: 'string', minLength: 1, maxLength: 2000 } },
} as const;

/**
 * What a web push carries (the service worker's `event.data.json()`): the type, the same words as
 * the e-mail in the recipient's language, and where to open the application. No patient data.
 */
export const pushPayloadSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['notificationId', 'type', 'title', 'body', 'url'],
  properties: {
    notificationId: uuidSchema,
    type: { type: 'string', enum: NOTIFICATION_TYPES },
    title: { type: 'string' },
    body: { type: 'string' },
    /** A path of the application to open on a click. */
    url: { type: 'string' },
  },
} as const;
export type PushPayload = FromSchema<typeof pushPayloadSchema>;

/**
 * The live event of a new in-app notification (GET /api/events), sent to its recipient's streams
 * only: ids only, the bell refetches its count. It keeps the bell current without the client asking
 * on a timer, which would keep an idle session alive (every API call extends it).
 */
export const NOTIFICATIONS_CHANNEL = 'telesuivi_notifications';
export const notificationCreatedEventSchema = {
  type: 'object',
  required: ['type', 'recipientId', 'notificationId'],
  additionalProperties: false,
  properties: {
    type: { const: 'notification.created' },
    recipientId: uuidSchema,
    notificationId: uuidSchema,
  },
} as const;
export type NotificationCreatedEvent = FromSchema<typeof notificationCreatedEventSchema>;
