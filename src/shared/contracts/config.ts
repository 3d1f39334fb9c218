import { z } from 'zod';
import { PasswordPolicySchema } from '../password-policy';

/** `GET /api/config`: what the browser needs at run time. */
export const PublicConfigSchema = z.object({
  restaurantName: z.string(),
  /** The restaurant's street address and phone number as the settings have them ('' when not set). */
  restaurantAddress: z.string(),
  restaurantPhone: z.string(),
  /** The restaurant's public address (`BASE_URL`): what printed links and QR codes point at. */
  baseUrl: z.string(),
  currency: z.string().length(3),
  locale: z.string(),
  timeZone: z.string(),
  pollIntervalMs: z.number().int().positive(),
  signInMethods: z.object({
    emailPassword: z.boolean(),
    google: z.boolean(),
    phone: z.boolean(),
  }),
  pushPublicKey: z.string().nullable(),
  passwordPolicy: PasswordPolicySchema,
});

export type PublicConfig = z.infer<typeof PublicConfigSchema>;
