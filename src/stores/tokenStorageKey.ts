/** Where a signed-in visitor's token is kept in session storage; the page's first screen reads it before the app runs. */
export const TOKEN_STORAGE_KEY = 'accessToken';
