/**
 * Contracts of notifications (issue 20 §5): the caller's own notifications (the bell, the list,
 * read marks), their preferences per type × channel (the profile's notifications manager), the
 * VAPID public key and the browser's web push subscriptions. Everything is the caller's own: no
 * other user's notification is reachable (404).
 */
import { errorResponses, localeOnlyQuerySchema } from '../common.ts';
import {
  markedCountSchema, notificationListQuerySchema, notificationPageSchema, notificationPreferencesBodySchema, notificationPreferencesSchema,
  notificationSchema, pushPublicKeySchema, pushSubscriptionBodySchema, pushSubscriptionSchema, pushUnsubscribeBodySchema, unreadCountSchema,
} from '../notifications.ts';
import { defineRoute } from './contract.ts';
import { recordParams } from './record-id.ts';

const tags = ['notifications'] as const;

export const notificationRoutes = {
  list: defineRoute({
    method: 'GET', url: '/api/me/notifications', tags,
    summary: "The caller's in-app notifications, newest first, paged (only the unread ones with unread=true), with the unread count",
    querystring: notificationListQuerySchema, response: { 200: notificationPageSchema, ...errorResponses },
  }),
  unreadCount: defineRoute({
    method: 'GET', url: '/api/me/notifications/unread-count', tags, summary: "How many of the caller's notifications are unread (the bell)",
    querystring: localeOnlyQuerySchema, response: { 200: unreadCountSchema, ...errorResponses },
  }),
  markRead: defineRoute({
    method: 'PUT', url: '/api/me/notifications/:id/read', tags,
    summary: "Marks one of the caller's notifications read (already read: unchanged); another user's: 404",
    params: recordParams({ id: 'notification' }), querystring: localeOnlyQuerySchema, response: { 200: notificationSchema, ...errorResponses },
  }),
  markAllRead: defineRoute({
    method: 'PUT', url: '/api/me/notifications/read', tags, summary: "Marks every unread notification of the caller read",
    querystring: localeOnlyQuerySchema, response: { 200: markedCountSchema, ...errorResponses },
  }),
  preferences: defineRoute({
    method: 'GET', url: '/api/me/notification-preferences', tags,
    summary: "The caller's choice for every type × channel, defaults applied where the caller never chose",
    querystring: localeOnlyQuerySchema, response: { 200: notificationPreferencesSchema, ...errorResponses },
  }),
  putPreferences: defineRoute({
    method: 'PUT', url: '/api/me/notification-preferences', tags,
    summary: 'Sets the listed choices (the others stay); an unknown type or channel: 400 notification_type_unknown / notification_channel_unknown',
    querystring: localeOnlyQuerySchema, body: notificationPreferencesBodySchema, response: { 200: notificationPreferencesSchema, ...errorResponses },
  }),
  pushPublicKey: defineRoute({
    method: 'GET', url: '/api/me/push-subscriptions/public-key', tags, summary: "The server's VAPID public key, for the browser's push subscription",
    querystring: localeOnlyQuerySchema, response: { 200: pushPublicKeySchema, ...errorResponses },
  }),
  subscribe: defineRoute({
    method: 'POST', url: '/api/me/push-subscriptions', tags,
    summary: "Keeps a browser's push subscription for the caller (the same endpoint again: updated, stored once)",
    querystring: localeOnlyQuerySchema, body: pushSubscriptionBodySchema, response: { 201: pushSubscriptionSchema, ...errorResponses },
  }),
  unsubscribe: defineRoute({
    method: 'DELETE', url: '/api/me/push-subscriptions', tags,
    summary: "Forgets one of the caller's push subscriptions by its endpoint (unknown: 204 all the same)",
    querystring: localeOnlyQuerySchema, body: pushUnsubscribeBodySchema, response: { 204: { type: 'null' }, ...errorResponses },
  }),
} as const;
