export const NO_USER_DATA = 'No user data found.';
export const DETAILS_UPDATED = 'Your details have been updated.';
