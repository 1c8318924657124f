import { accountsApi } from '../../../../shared/api/accounts';
import type {
  EmailRequest,
  LoginRequest,
  ProfileUpdate,
  PublicProfile,
  RegisterRequest,
} from '../../../../shared/contracts/accounts';
import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';

// The account calls of SPEC §7 "Auth and users", each naming its endpoint of the shared catalogue
// (src/shared/api/accounts.ts), so request and response types come from the contracts. Browser
// calls use the app's client (token cookie, refresh-and-retry); loaders and actions pass
// `serverApi(context)`.

export const login = (body: LoginRequest) => api.call(accountsApi.login, { body });

export const logout = () => api.call(accountsApi.logout, { body: {} });

export const register = (body: RegisterRequest) => api.call(accountsApi.register, { body });

export const resendActivation = (body: EmailRequest) =>
  api.call(accountsApi.resendActivation, { body });

export const requestPasswordReset = (body: EmailRequest) =>
  api.call(accountsApi.requestPasswordReset, { body });

/** PATCH /users/password with the emailed token (signed out). */
export const resetPassword = (token: string, password: string) =>
  api.call(accountsApi.changePassword, { body: { token, password } });

/** PATCH /users/password with the current password (signed in); the server renews the cookies. */
export const changePassword = (currentPassword: string, password: string) =>
  api.call(accountsApi.changePassword, { body: { currentPassword, password } });

/** PUT /users: multipart with the `user` JSON field (SPEC §7). */
export function saveProfile(profile: ProfileUpdate) {
  const form = new FormData();
  form.append('user', JSON.stringify(profile));
  return api.call(accountsApi.updateProfile, { body: form });
}

/** PUT /profiles/media: the new avatar, reporting upload progress (0…1). */
export function uploadAvatar(file: Blob, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('image', file, file instanceof File ? file.name : 'avatar');
  return api.call(accountsApi.uploadAvatar, { body: form }, { onUploadProgress: onProgress });
}

// ---- server side (loaders and actions) ----

export const activateAccount = (client: ApiClient, token: string) =>
  client.call(accountsApi.activateAccount, { query: { token } });

export async function getPublicProfile(client: ApiClient, id: string): Promise<PublicProfile> {
  const { user } = await client.call(accountsApi.publicProfile, { params: { id } });
  return user;
}
