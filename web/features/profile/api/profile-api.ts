// The profile calls of docs/product.md, Calls; Profile and review, one function each, over the one API
// client. Each answers 200 with the whole user, or 201/202 with a sentence naming what is wrong.
import type { EducationEntry, Step1Input, Step2Input, ContactInfoInput, TitleWebsiteInput, WorkingTimeInput } from '../../../../shared/schemas/profile';
import type { User } from '../../../../shared/types/user';
import { api, type ApiResponse } from '../../../lib/api-client';

export type ProfileAnswer = ApiResponse<User | string>;

export const profileApi = {
  /** The current user, fresh from the server (e.g. after an administrator decided on the profile). */
  current: (token: string) => api.post<{ token: string; user: User }>('/user/login-with-token', { token }, { silent: true }),
  step1: (input: Step1Input) => api.post<User | string>('/user/setupProfileStep1', input),
  step2: (input: Step2Input) => api.post<User | string>('/user/setupProfileStep2', input),
  submit: () => api.post<User | string>('/user/profile-submit', {}),
  changeContactInfo: (input: ContactInfoInput) => api.post<User | string>('/user/change-contact-info', input),
  changeWorkingTime: (input: WorkingTimeInput) => api.post<User | string>('/user/change-workingtime', input),
  changeTitleWebsite: (input: TitleWebsiteInput) => api.post<User | string>('/user/change-title-website', input),
  changeSummary: (summary: string) => api.post<User | string>('/user/change-summary', { summary }),
  changeEducation: (education: EducationEntry[]) => api.post<User | string>('/user/change-education', { education }),
  /** Sends the link that confirms the contact e-mail again (docs/product.md, 5.7). */
  sendContactLink: () => api.post<{ message: string }>('/user/send-contact-link', {}),
  /** Confirms a contact e-mail with the token from its link; no session needed. */
  verifyContactEmail: (token: string) => api.post<{ message: string }>('/user/verify-contact-email', { token }, { silent: true }),
  changeAvatar: (file: File) => {
    const form = new FormData();
    form.append('avatar', file);
    return api.post<User | string>('/user/change-avatar', form);
  },
};
