import type {
  AvatarBody,
  BindEmailBody,
  BindMobileBody,
  CodeSent,
  ContactType,
  ForgetPasswordBody,
  PasswordChangeBody,
  ProfileBody,
  ProfileVO,
  RegisterBody,
  RegisterResult,
  SendPublicCodeBody,
} from '@baton/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from './request';

/* ---- personal centre (signed in) ---- */

export const getProfile = () => request<ProfileVO>({ url: '/api/v1/users/profile', method: 'get' });

export const updateProfile = (data: ProfileBody) =>
  request<ProfileVO>({ url: '/api/v1/users/profile', method: 'put', data });

export const changePassword = (data: PasswordChangeBody) =>
  request<null>({ url: '/api/v1/users/password', method: 'put', data });

export const setAvatar = (data: AvatarBody) =>
  request<{ avatar: string }>({ url: '/api/v1/users/avatar', method: 'put', data });

export const sendBindCode = (
  contact: string,
  contactType: ContactType,
  captcha: { captchaKey: string; captchaCode: string },
) =>
  request<CodeSent>({
    url: '/api/v1/users/send-verification-code',
    method: 'get',
    params: { contact, contactType, ...captcha },
  });

export const bindMobile = (data: BindMobileBody) => request<null>({ url: '/api/v1/users/mobile', method: 'put', data });

export const bindEmail = (data: BindEmailBody) => request<null>({ url: '/api/v1/users/email', method: 'put', data });

/* ---- public: registration and password recovery ---- */

export const sendPublicCode = (data: SendPublicCodeBody) =>
  request<CodeSent>({ url: '/api/v1/auth/codes', method: 'post', data });

export const register = (data: RegisterBody) =>
  request<RegisterResult>({ url: '/api/v1/auth/register', method: 'post', data });

export const forgetPassword = (data: ForgetPasswordBody) =>
  request<null>({ url: '/api/v1/auth/forget-password', method: 'post', data });

/* ---- queries (the personal centre; `queryOptions` is an identity function, so the public pages importing this file stay free of TanStack Query) ---- */

export const accountQueries = {
  all: ['account'] as const,
  /** Always asked afresh when the personal centre opens. */
  profile: () => queryOptions({ queryKey: [...accountQueries.all, 'profile'], queryFn: getProfile, staleTime: 0 }),
};
