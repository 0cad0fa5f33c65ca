/**
 * The request bodies the OpenAPI document (server/openapi) describes with the very schema the route checks them
 * with: kept here, outside server/routes, so the document depends on no route module.
 */
import { z } from 'zod';
import { requiredText } from '../../src/domain/validation.js';
import { PROJECT_FEATURES } from '../../src/domain/projectUnits.js';
import { materialListSchema } from '../../src/domain/deliveries.js';
import { TEST_ANSWER_LIMITS } from '../../src/domain/questionnaire/index.js';

/** `POST api/account/delete/confirm`: the link's token. */
export const confirmSchema = z.strictObject({ token: z.string().min(20).max(100) });

/** `POST api/auth/login`. */
export const loginSchema = z.strictObject({
  username: requiredText(120),
  password: z.string({ error: 'VALIDATION.IsRequired' }).min(1, 'VALIDATION.IsRequired').max(200, 'VALIDATION.TooLong'),
  /** A solved login challenge (src/domain/loginChallenge.ts), sent again after a 429 that carried one. */
  proof: z.strictObject({ id: z.string().max(64), nonce: z.string().max(20) }).optional(),
});

// The token is checked before the passwords, so an old link says so whatever was typed.
export const setPasswordRequestSchema = z.strictObject({
  token: z.string({ error: 'VALIDATION.IsRequired' }).max(200, 'VALIDATION.TooLong'),
  password: z.unknown(),
  confirmPassword: z.unknown(),
});

/** `POST users/deactivate`: the accounts, all or nothing. */
export const bulkSchema = z.strictObject({
  ids: z
    .array(z.number({ error: 'VALIDATION.InvalidType' }).int('VALIDATION.InvalidType').positive('VALIDATION.InvalidValue'), { error: 'VALIDATION.IsRequired' })
    .min(1, 'VALIDATION.AtLeastOne')
    .max(1000, 'VALIDATION.TooLong'),
});

/** A project's optional features, the whole set. */
export const featuresSchema = z.strictObject({
  features: z.array(z.enum(PROJECT_FEATURES, { error: 'VALIDATION.InvalidValue' }), { error: 'VALIDATION.IsRequired' }).max(PROJECT_FEATURES.length),
});

/** The delivery data of a root's approval lots, each with the version it was read with. */
export const deliveryDataSchema = z
  .array(
    z.strictObject({
      approvalLotID: z.number({ error: 'VALIDATION.IsRequired' }).int().positive(),
      version: z.number({ error: 'VALIDATION.IsRequired' }).int().positive().max(2_147_483_647),
      materials: materialListSchema,
    }),
    { error: 'VALIDATION.InvalidType' },
  )
  .max(500);

/** A questionnaire sheet's documents. */
export const editSchema = z.object({ schema: z.record(z.string(), z.unknown()), uiSchema: z.record(z.string(), z.unknown()) }).strict();

/**
 * A draft's save: its documents and, from the builder, companion drafts of other sheets whose conditions followed a
 * rename or lost a deleted control (created from, or written over, the version they were read from).
 */
export const saveSheetSchema = editSchema
  .extend({
    /** The draft's named test answer sets (absent: unchanged). */
    testAnswers: z
      .array(z.object({ name: z.string().trim().min(1).max(TEST_ANSWER_LIMITS.name), answers: z.record(z.string(), z.unknown()) }).strict())
      .max(TEST_ANSWER_LIMITS.sets)
      .optional(),
    companions: z
      .array(z.object({ name: z.string().min(1).max(80), schema: z.record(z.string(), z.unknown()), baseId: z.number().int().positive(), baseUpdatedAt: z.string().max(40) }).strict())
      .max(20)
      .optional(),
  })
  .strict();

/** The editor's check: the documents and the builder's unsaved companion drafts. */
export const validateSchema = editSchema
  .extend({ companions: z.array(z.object({ name: z.string().min(1).max(80), schema: z.record(z.string(), z.unknown()) }).passthrough()).max(20).optional() })
  .strict();

/** A unit's questionnaire answers and the version they were read with. */
export const questionnaireSaveSchema = z.object({ data: z.record(z.string(), z.unknown()), version: z.number().int().min(0).max(2_147_483_647) }).strict();

/** `version`: the saved draft's version the page started from, `null` when there was none yet (required either way). */
export const draftSaveSchema = z.strictObject({ draft: z.unknown(), version: z.number().int().positive().max(2_147_483_647).nullable() });
