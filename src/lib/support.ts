/** The customer-support mailbox shown in the app (the server's SUPPORT_EMAIL default). */
export const SUPPORT_EMAIL = 'support@example.com';
