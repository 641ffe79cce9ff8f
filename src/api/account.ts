import type { Http } from './http';
import { okResponse } from '../contract/auth';
import { userProfile } from '../contract/user';
import { avatarResponse, type DeleteAccountRequest, type UpdateDetailsRequest } from '../contract/account';
import { betsResponse } from '../contract/bets';
import { customerFreeBetsResponse } from '../contract/free-bets';

export function accountApi(http: Http) {
  return {
    userDetails: () => http.get('/user/details', { schema: userProfile }),
    updateDetails: (body: UpdateDetailsRequest) => http.put('/auth/update_details', { body, schema: userProfile }),
    changeAvatar: (file: Blob, fileName: string) => {
      const form = new FormData();
      form.append('filedata', file, fileName);
      return http.post('/auth/change_avatar', { form, schema: avatarResponse });
    },
    deleteAccount: (body: DeleteAccountRequest) => http.delete('/auth/account', { body, schema: okResponse }),
    bets: () => http.get('/bets', { schema: betsResponse }),
    freeBets: () => http.get('/free-bets', { schema: customerFreeBetsResponse }),
  };
}

/** Query keys of the customer's own data; all of it is dropped at logout. */
export const accountKeys = {
  all: ['account'] as const,
  details: () => [...accountKeys.all, 'details'] as const,
  bets: () => [...accountKeys.all, 'bets'] as const,
  freeBets: () => [...accountKeys.all, 'free-bets'] as const,
};
