import { z } from 'zod';
import { ROLES } from '../roles';

/**
 * A user's profile as the API gives it (`GET /api/me`): uid, email, displayName, phoneNumber, photoURL,
 * emailVerified and role.
 */
export const ProfileSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  photoURL: z.string().nullable(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
});

export type Profile = z.infer<typeof ProfileSchema>;

/** `GET /api/auth/get-session` as the browser reads it (better-auth's shape, trimmed to what we use). */
export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable().optional(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
});

export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionResponseSchema = z
  .object({
    session: z.object({ id: z.string(), expiresAt: z.string() }),
    user: SessionUserSchema,
  })
  .nullable();

export type SessionResponse = z.infer<typeof SessionResponseSchema>;
