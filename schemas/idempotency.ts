/**
 * The `Idempotency-Key` request header (IETF draft-ietf-httpapi-idempotency-key-header): a key the
 * caller chooses for one intended operation and sends again with each retry of it. Printable ASCII
 * without spaces (a UUID, a ULID, a device's own counter), at most 255 characters: a longer key or
 * another character is a 400 on `headers.idempotency-key`.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** On an answer replayed from a key rather than computed again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How long a key is honoured (and its answer kept) after its first call: at least a day. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;

export const idempotencyHeadersSchema = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_KEY_HEADER]: {
      type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[!-~]+$',
      description: 'Sent again with each retry of the same call: the first answer is replayed (`Idempotent-Replayed: true`) and nothing is stored twice; '
        + 'the same key with another body is a 422 `idempotency_key_reused`. Kept 24 hours, per account.',
    },
  },
} as const;
