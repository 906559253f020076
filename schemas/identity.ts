/**
 * A patient's digital identity (INS, spec 000 §1, spec 001 §5), stored on users (0009). The four
 * statuses of the French identity-vigilance referential: PROVISIONAL until anything is checked;
 * RECOVERED when the national service (INSi) returned and confirmed the INS; VALIDATED when a
 * professional checked a proof of identity; QUALIFIED when both hold. The attributes are the
 * professional's flags on the identity (doubtful, fictitious, namesake).
 */
import type { FromSchema } from 'json-schema-to-ts';

export const IDENTITY_STATUSES = ['PROVISIONAL', 'RECOVERED', 'VALIDATED', 'QUALIFIED'] as const;
export const identityStatusSchema = { type: 'string', enum: IDENTITY_STATUSES } as const;
export type IdentityStatus = FromSchema<typeof identityStatusSchema>;

/** The identity traits: what the national service matches, and what only a proof of identity may change once checked. */
export const IDENTITY_TRAITS = ['birthName', 'firstNames', 'firstBirthName', 'birthDate', 'sex', 'birthPlaceInsee', 'insNumber', 'oid'] as const;
export type IdentityTrait = (typeof IDENTITY_TRAITS)[number];

export const identitySchema = {
  type: 'object',
  required: ['status', 'doubtful', 'fictitious', 'namesake', 'verifiedAt'],
  additionalProperties: false,
  properties: {
    status: identityStatusSchema,
    doubtful: { type: 'boolean' },
    fictitious: { type: 'boolean' },
    namesake: { type: 'boolean' },
    verifiedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;
export type Identity = FromSchema<typeof identitySchema>;
