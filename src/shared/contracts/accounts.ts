import { z } from 'zod';
import { imageSchema, isUuid, messageResponse, requiredAs } from './common';
import {
  bioSchema,
  displayNameSchema,
  emailSchema,
  linkSchema,
  PASSWORD_MAX,
  EMAIL_MAX,
  hasNoNul,
  passwordSchema,
  tagsSchema,
  tokenSchema,
  usernameSchema,
} from './account-fields';
import { siteSchema } from './sites';
import { ACCOUNT_TYPES, ROLES } from './account-rules';

// Request and response shapes of the account calls (SPEC §7 "Auth and users", DESIGN §4).
// Messages are phrased for people; the API prefixes the field ("username: …").

export * from './account-fields';

// ---- shapes returned to clients ----

export const userPlanSchema = z.object({
  id: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  frequency: z.enum(['month', 'year']).nullable(),
  subscriptionScheduleId: z.string().nullable(),
});
export type UserPlan = z.infer<typeof userPlanSchema>;

/** The signed-in user as they see themselves (SPEC §3 User, without tokens). */
export const sessionUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  accountType: z.enum(ACCOUNT_TYPES),
  bio: z.string(),
  link: z.string(),
  _tags: z.array(z.string()),
  image: imageSchema.nullable(),
  plan: userPlanSchema.nullable(),
  likesCount: z.number().int(),
  likesType: z.literal('user'),
  stripeUserId: z.string().nullable(),
  stripeAccountLink: z.string().nullable(),
  createdAt: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * Another member as anyone sees them, whoever asks: the face of their public page and nothing
 * more — never their role, account type, email, plan, payment account, status or sign-up date
 * (docs/decisions/051). The one shape of every answer naming another member in full: the
 * directory, GET /users/:id, POST /users/like and the social lists. The member themself reads the
 * rest in GET /users/me; staff in GET /admin/users.
 */
export const publicMemberSchema = sessionUserSchema.pick({
  _id: true,
  username: true,
  name: true,
  bio: true,
  link: true,
  _tags: true,
  image: true,
  likesCount: true,
});
export type PublicMember = z.infer<typeof publicMemberSchema>;

/** A member's profile (GET /users/:id, POST /users/like): the public member, with counts. */
export const publicProfileSchema = publicMemberSchema.extend({
  /** Members following them, and members they follow (GET /users/:id and the social lists). */
  followersCount: z.number().int().optional(),
  followingCount: z.number().int().optional(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const authTokensSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type AuthTokens = z.infer<typeof authTokensSchema>;

// ---- POST /register ----
export const registerRequest = z.object(
  {
    username: usernameSchema,
    name: displayNameSchema,
    email: emailSchema,
    password: passwordSchema,
    accountType: z.enum(ACCOUNT_TYPES, {
      error: (issue) =>
        issue.input === undefined ? 'This field is required.' : 'Choose seller, buyer or both.',
    }),
  },
  requiredAs('a JSON object'),
);
export type RegisterRequest = z.infer<typeof registerRequest>;
export type RegisterForm = z.input<typeof registerRequest>;
export const registerResponse = z.object({
  message: z.string(),
  user: sessionUserSchema,
  /** False when the activation email could not be sent yet: offer "re-send". */
  activationEmailSent: z.boolean(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

// ---- GET /users/activate-account?token= ----
export const activateQuery = z.object({ token: tokenSchema });
export const activateResponse = messageResponse;

// ---- POST /re-send-account-verification, POST /users/password-reset-link ----
export const emailRequest = z.object({ email: emailSchema }, requiredAs('a JSON object'));
export type EmailRequest = z.infer<typeof emailRequest>;

// ---- POST /login ----
export const loginRequest = z.object(
  {
    /** Email address or username. */
    email: z
      .string(requiredAs('text'))
      .trim()
      .min(1, 'Enter your email or username.')
      .max(EMAIL_MAX, { error: 'Enter your email or username.', abort: true })
      .refine(hasNoNul, 'Enter your email or username.'),
    password: z
      .string(requiredAs('text'))
      .min(1, 'Enter your password.')
      .max(PASSWORD_MAX, { error: `Use at most ${PASSWORD_MAX} characters.`, abort: true }),
  },
  requiredAs('a JSON object'),
);
export type LoginRequest = z.infer<typeof loginRequest>;
export const loginResponse = z.object({
  user: sessionUserSchema.extend(authTokensSchema.shape),
  site: siteSchema,
});
export type LoginResponse = z.infer<typeof loginResponse>;

// ---- POST /token, POST /logout ----
/** Browsers omit the token and send the HttpOnly cookie; API clients put it in the body. */
export const refreshRequest = z
  .object({ refreshToken: tokenSchema.optional() }, requiredAs('a JSON object'))
  .nullish();
export type RefreshRequest = z.infer<typeof refreshRequest>;
export const refreshResponse = authTokensSchema;
export const logoutRequest = refreshRequest;

// ---- PATCH /users/password ----
export const passwordChangeRequest = z
  .object(
    {
      /** From the emailed reset link (signed out)… */
      token: tokenSchema.optional(),
      /** …or the current password (signed in). */
      currentPassword: z
        .string(requiredAs('text'))
        .min(1, 'Enter your current password.')
        .max(PASSWORD_MAX, { error: 'The current password is incorrect.', abort: true })
        .optional(),
      password: passwordSchema,
    },
    requiredAs('a JSON object'),
  )
  .superRefine((body, ctx) => {
    if (body.token === undefined && body.currentPassword === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: 'Enter your current password.',
      });
    if (body.token !== undefined && body.currentPassword !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['token'],
        message: 'Send either a reset token or the current password, not both.',
      });
  });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;
export const passwordChangeResponse = z.object({
  message: z.string(),
  /** Present after a signed-in change: the current session continues with these. */
  token: z.string().optional(),
  refreshToken: z.string().optional(),
});
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponse>;

// ---- GET /users/me, GET /users/:id ----
export const meResponse = z.object({ user: sessionUserSchema, site: siteSchema });
export type MeResponse = z.infer<typeof meResponse>;
export const userIdParams = z.object({ id: z.string().max(100) });
export const publicProfileResponse = z.object({ user: publicProfileSchema });
export type PublicProfileResponse = z.infer<typeof publicProfileResponse>;

// ---- PUT /users (multipart `user` JSON field, or JSON { user }) and PUT /profiles/media ----
export const profileUpdateSchema = z.object(
  {
    name: displayNameSchema.optional(),
    bio: bioSchema.optional(),
    link: linkSchema.optional(),
    _tags: tagsSchema.optional(),
  },
  requiredAs('a JSON object'),
);
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type ProfileForm = z.input<typeof profileUpdateSchema>;
export const profileUpdateRequest = z.object(
  { user: profileUpdateSchema.optional() },
  requiredAs('a JSON object'),
);
export const userResponse = z.object({ user: sessionUserSchema });
export type UserResponse = z.infer<typeof userResponse>;

// ---- PATCH /admin/users/roles ----
export const roleChangeRequest = z.object(
  {
    id: z
      .string(requiredAs('a user id'))
      .max(100, { error: 'Must be a user id.', abort: true })
      .refine(isUuid, 'Must be a user id.'),
    role: z.enum(ROLES, {
      error: (issue) =>
        issue.input === undefined
          ? 'This field is required.'
          : `Choose one of: ${ROLES.join(', ')}.`,
    }),
  },
  requiredAs('a JSON object'),
);
export type RoleChangeRequest = z.infer<typeof roleChangeRequest>;
