import type {
  EmailRequest,
  LoginRequest,
  LoginResponse,
  PasswordChangeResponse,
  ProfileUpdate,
  PublicProfile,
  PublicProfileResponse,
  RegisterRequest,
  RegisterResponse,
  UserResponse,
} from '../../../../shared/contracts/accounts';
import type { MessageResponse } from '../../../../shared/contracts/common';
import { api } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';

// The account calls of SPEC §7 "Auth and users", typed by the shared contracts. Browser calls
// use the app's client (token cookie, refresh-and-retry); loaders pass `serverApi(context)`.

export const login = (body: LoginRequest) => api.post<LoginResponse>('/login', body);

export const logout = () => api.post<MessageResponse>('/logout', {});

export const register = (body: RegisterRequest) => api.post<RegisterResponse>('/register', body);

export const resendActivation = (body: EmailRequest) =>
  api.post<MessageResponse>('/re-send-account-verification', body);

export const requestPasswordReset = (body: EmailRequest) =>
  api.post<MessageResponse>('/users/password-reset-link', body);

/** PATCH /users/password with the emailed token (signed out). */
export const resetPassword = (token: string, password: string) =>
  api.patch<PasswordChangeResponse>('/users/password', { token, password });

/** PATCH /users/password with the current password (signed in); the server renews the cookies. */
export const changePassword = (currentPassword: string, password: string) =>
  api.patch<PasswordChangeResponse>('/users/password', { currentPassword, password });

/** PUT /users: multipart with the `user` JSON field (SPEC §7). */
export function saveProfile(profile: ProfileUpdate) {
  const form = new FormData();
  form.append('user', JSON.stringify(profile));
  return api.put<UserResponse>('/users', form);
}

/** PUT /profiles/media: the new avatar, reporting upload progress (0…1). */
export function uploadAvatar(file: Blob, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('image', file, file instanceof File ? file.name : 'avatar');
  return api.put<UserResponse>('/profiles/media', form, { onUploadProgress: onProgress });
}

// ---- server side (loaders) ----

export const activateAccount = (client: ApiClient, token: string) =>
  client.get<MessageResponse>('/users/activate-account', { query: { token } });

export async function getPublicProfile(client: ApiClient, id: string): Promise<PublicProfile> {
  const { user } = await client.get<PublicProfileResponse>(`/users/${encodeURIComponent(id)}`);
  return user;
}
